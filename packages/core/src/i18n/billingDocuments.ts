import type { CreditMethod } from '../schemas/billing';
import { dictionaryLanguageOf, matchInterfaceLanguage, type DictionaryLanguage } from './index';

// The words of the printable receipt and statement (issue 14 §3), in the reader's language (es when
// unknown), as notification emails are written (notices.ts). The amount in words is always Spanish
// (spec §9), so its label says so where the document is in another language. Read by the server only.

export interface DocumentTexts {
  locale: string;
  receiptTitle: string;
  receiptNumber: string;
  student: string;
  date: string;
  effectiveDate: string;
  method: string;
  reference: string;
  amount: string;
  amountInWords: string;
  appliedTo: string;
  debit: string;
  period: string;
  concept: string;
  value: string;
  notApplied: string;
  nothingApplied: string;
  statementTitle: string;
  statementFor: string;
  statementPeriod: string;
  openingBalance: string;
  charge: string;
  payment: string;
  balance: string;
  closingBalance: string;
  balanceToday: string;
  noMovements: string;
  debitLine: string;
  creditLine: string;
  generated: string;
  methods: Record<CreditMethod, string>;
  file: { receipt: string; statement: string };
}

export const documentTexts: Record<DictionaryLanguage, DocumentTexts> = {
  es: {
    locale: 'es-CO',
    receiptTitle: 'Recibo de pago',
    receiptNumber: 'Recibo N.º {number}',
    student: 'Estudiante',
    date: 'Fecha',
    effectiveDate: 'Fecha efectiva',
    method: 'Forma de pago',
    reference: 'Referencia',
    amount: 'Valor recibido',
    amountInWords: 'Son',
    appliedTo: 'Aplicado a',
    debit: 'Cobro',
    period: 'Periodo',
    concept: 'Concepto',
    value: 'Valor',
    notApplied: 'Saldo por aplicar',
    nothingApplied: 'Este pago aún no se ha aplicado a ningún cobro.',
    statementTitle: 'Estado de cuenta',
    statementFor: 'Familia de {name}',
    statementPeriod: 'Del {from} al {to}',
    openingBalance: 'Saldo anterior',
    charge: 'Cargo',
    payment: 'Abono',
    balance: 'Saldo',
    closingBalance: 'Saldo al {date}',
    balanceToday: 'Saldo a hoy (con intereses y pagos por aplicar)',
    noMovements: 'Sin movimientos en este periodo.',
    debitLine: 'Cobro N.º {number} · {period} · {description}',
    creditLine: 'Pago N.º {number} · {method}',
    generated: 'Generado el {date} por Patio',
    methods: { online: 'Pago en línea', cash: 'Efectivo', bank_transfer: 'Transferencia bancaria', card: 'Tarjeta', check: 'Cheque', other: 'Otro' },
    file: { receipt: 'recibo', statement: 'estado-de-cuenta' },
  },
  en: {
    locale: 'en',
    receiptTitle: 'Payment receipt',
    receiptNumber: 'Receipt no. {number}',
    student: 'Student',
    date: 'Date',
    effectiveDate: 'Effective date',
    method: 'Payment method',
    reference: 'Reference',
    amount: 'Amount received',
    amountInWords: 'In words (Spanish)',
    appliedTo: 'Applied to',
    debit: 'Debit',
    period: 'Period',
    concept: 'Concept',
    value: 'Value',
    notApplied: 'Left to apply',
    nothingApplied: 'This payment has not been applied to any debit yet.',
    statementTitle: 'Statement of account',
    statementFor: 'Family of {name}',
    statementPeriod: 'From {from} to {to}',
    openingBalance: 'Opening balance',
    charge: 'Charge',
    payment: 'Payment',
    balance: 'Balance',
    closingBalance: 'Balance on {date}',
    balanceToday: 'Balance today (with interest and payments to apply)',
    noMovements: 'No movements in this period.',
    debitLine: 'Debit no. {number} · {period} · {description}',
    creditLine: 'Payment no. {number} · {method}',
    generated: 'Generated on {date} by Patio',
    methods: { online: 'Online payment', cash: 'Cash', bank_transfer: 'Bank transfer', card: 'Card', check: 'Check', other: 'Other' },
    file: { receipt: 'receipt', statement: 'statement' },
  },
  de: {
    locale: 'de',
    receiptTitle: 'Zahlungsbeleg',
    receiptNumber: 'Beleg Nr. {number}',
    student: 'Schüler/in',
    date: 'Datum',
    effectiveDate: 'Wertstellung',
    method: 'Zahlungsart',
    reference: 'Referenz',
    amount: 'Erhaltener Betrag',
    amountInWords: 'In Worten (Spanisch)',
    appliedTo: 'Verrechnet mit',
    debit: 'Forderung',
    period: 'Zeitraum',
    concept: 'Posten',
    value: 'Betrag',
    notApplied: 'Noch zu verrechnen',
    nothingApplied: 'Diese Zahlung wurde noch mit keiner Forderung verrechnet.',
    statementTitle: 'Kontoauszug',
    statementFor: 'Familie von {name}',
    statementPeriod: 'Vom {from} bis {to}',
    openingBalance: 'Anfangssaldo',
    charge: 'Belastung',
    payment: 'Zahlung',
    balance: 'Saldo',
    closingBalance: 'Saldo am {date}',
    balanceToday: 'Saldo heute (mit Zinsen und offenen Zahlungen)',
    noMovements: 'Keine Bewegungen in diesem Zeitraum.',
    debitLine: 'Forderung Nr. {number} · {period} · {description}',
    creditLine: 'Zahlung Nr. {number} · {method}',
    generated: 'Erstellt am {date} von Patio',
    methods: { online: 'Online-Zahlung', cash: 'Bar', bank_transfer: 'Überweisung', card: 'Karte', check: 'Scheck', other: 'Sonstige' },
    file: { receipt: 'beleg', statement: 'kontoauszug' },
  },
  fr: {
    locale: 'fr',
    receiptTitle: 'Reçu de paiement',
    receiptNumber: 'Reçu nº {number}',
    student: 'Élève',
    date: 'Date',
    effectiveDate: 'Date de valeur',
    method: 'Mode de paiement',
    reference: 'Référence',
    amount: 'Montant reçu',
    amountInWords: 'En lettres (espagnol)',
    appliedTo: 'Imputé à',
    debit: 'Facture',
    period: 'Période',
    concept: 'Libellé',
    value: 'Montant',
    notApplied: 'Reste à imputer',
    nothingApplied: "Ce paiement n'a encore été imputé à aucune facture.",
    statementTitle: 'Relevé de compte',
    statementFor: 'Famille de {name}',
    statementPeriod: 'Du {from} au {to}',
    openingBalance: 'Solde initial',
    charge: 'Débit',
    payment: 'Crédit',
    balance: 'Solde',
    closingBalance: 'Solde au {date}',
    balanceToday: "Solde à ce jour (avec intérêts et paiements à imputer)",
    noMovements: 'Aucun mouvement sur cette période.',
    debitLine: 'Facture nº {number} · {period} · {description}',
    creditLine: 'Paiement nº {number} · {method}',
    generated: 'Généré le {date} par Patio',
    methods: { online: 'Paiement en ligne', cash: 'Espèces', bank_transfer: 'Virement bancaire', card: 'Carte', check: 'Chèque', other: 'Autre' },
    file: { receipt: 'recu', statement: 'releve-de-compte' },
  },
  it: {
    locale: 'it',
    receiptTitle: 'Ricevuta di pagamento',
    receiptNumber: 'Ricevuta n. {number}',
    student: 'Studente',
    date: 'Data',
    effectiveDate: 'Data valuta',
    method: 'Metodo di pagamento',
    reference: 'Riferimento',
    amount: 'Importo ricevuto',
    amountInWords: 'In lettere (spagnolo)',
    appliedTo: 'Imputato a',
    debit: 'Addebito',
    period: 'Periodo',
    concept: 'Voce',
    value: 'Importo',
    notApplied: 'Da imputare',
    nothingApplied: 'Questo pagamento non è ancora stato imputato ad alcun addebito.',
    statementTitle: 'Estratto conto',
    statementFor: 'Famiglia di {name}',
    statementPeriod: 'Dal {from} al {to}',
    openingBalance: 'Saldo iniziale',
    charge: 'Addebito',
    payment: 'Pagamento',
    balance: 'Saldo',
    closingBalance: 'Saldo al {date}',
    balanceToday: 'Saldo a oggi (con interessi e pagamenti da imputare)',
    noMovements: 'Nessun movimento in questo periodo.',
    debitLine: 'Addebito n. {number} · {period} · {description}',
    creditLine: 'Pagamento n. {number} · {method}',
    generated: 'Generato il {date} da Patio',
    methods: { online: 'Pagamento online', cash: 'Contanti', bank_transfer: 'Bonifico bancario', card: 'Carta', check: 'Assegno', other: 'Altro' },
    file: { receipt: 'ricevuta', statement: 'estratto-conto' },
  },
  pt: {
    locale: 'pt',
    receiptTitle: 'Recibo de pagamento',
    receiptNumber: 'Recibo n.º {number}',
    student: 'Aluno',
    date: 'Data',
    effectiveDate: 'Data efetiva',
    method: 'Forma de pagamento',
    reference: 'Referência',
    amount: 'Valor recebido',
    amountInWords: 'Por extenso (espanhol)',
    appliedTo: 'Aplicado a',
    debit: 'Cobrança',
    period: 'Período',
    concept: 'Item',
    value: 'Valor',
    notApplied: 'Saldo a aplicar',
    nothingApplied: 'Este pagamento ainda não foi aplicado a nenhuma cobrança.',
    statementTitle: 'Extrato de conta',
    statementFor: 'Família de {name}',
    statementPeriod: 'De {from} a {to}',
    openingBalance: 'Saldo anterior',
    charge: 'Débito',
    payment: 'Crédito',
    balance: 'Saldo',
    closingBalance: 'Saldo em {date}',
    balanceToday: 'Saldo hoje (com juros e pagamentos a aplicar)',
    noMovements: 'Sem movimentos neste período.',
    debitLine: 'Cobrança n.º {number} · {period} · {description}',
    creditLine: 'Pagamento n.º {number} · {method}',
    generated: 'Gerado em {date} pelo Patio',
    methods: { online: 'Pagamento online', cash: 'Dinheiro', bank_transfer: 'Transferência bancária', card: 'Cartão', check: 'Cheque', other: 'Outro' },
    file: { receipt: 'recibo', statement: 'extrato-de-conta' },
  },
};

/** The texts of a person's stored language tag ('es-CO' → es, 'pt-BR' → pt, unknown → es). */
export function documentTextsFor(language: string | null): DocumentTexts {
  return documentTexts[dictionaryLanguageOf(matchInterfaceLanguage(language))];
}

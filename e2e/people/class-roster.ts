// A class of 30 students with their parents, as a school secretary would export it from a
// spreadsheet: semicolons, Spanish headers, day/month/year dates. One family has two children.

export const HEADER =
  'Nombre;Apellidos;Documento;Fecha de nacimiento;Género;Nombre acudiente;Apellido acudiente;Documento acudiente;Correo acudiente;Celular acudiente;Parentesco';

const firstNames = ['Sofía', 'Santiago', 'Isabella', 'Sebastián', 'Mariana', 'Nicolás', 'Gabriela', 'Alejandro', 'Valeria', 'Daniel',
  'Camila', 'Juan José', 'Luciana', 'Samuel', 'Antonella', 'Martín', 'Salomé', 'Emmanuel', 'Sara', 'Jerónimo',
  'Mariángel', 'Matías', 'Isabel', 'Emiliano', 'Victoria', 'Tomás', 'Lucía', 'Maximiliano'];
const surnames = ['Rodríguez', 'Martínez', 'García', 'López', 'Hernández', 'González', 'Pérez', 'Sánchez', 'Ramírez', 'Torres',
  'Flórez', 'Rivera', 'Gómez', 'Díaz', 'Moreno', 'Muñoz', 'Rojas', 'Vargas', 'Castillo', 'Jiménez',
  'Suárez', 'Herrera', 'Medina', 'Aguilar', 'Cárdenas', 'Mejía', 'Quintero', 'Londoño'];
const parentNames = ['Carolina', 'Andrés', 'Paola', 'Jorge', 'Diana', 'Felipe', 'Natalia', 'Ricardo', 'Claudia', 'Mauricio'];

/** The family whose parent signs in by link in the journey. */
export const FAMILY = {
  parentFirst: 'Marcela',
  parentLast: 'Ortiz',
  parentDocument: '52911400',
  children: [
    { first: 'Tomás', last: 'Ortiz Parra', document: '1011900001' },
    { first: 'Lucía', last: 'Ortiz Parra', document: '1011900002' },
  ],
};

/** 30 rows; with `broken`, row 6 has no document and row 12 a parent email without an @. */
export function classRosterCsv({ broken }: { broken: boolean }): string {
  const lines = [HEADER];
  for (const child of FAMILY.children) {
    lines.push([child.first, child.last, child.document, '14/03/2015', child.first === 'Lucía' ? 'F' : 'M',
      FAMILY.parentFirst, FAMILY.parentLast, FAMILY.parentDocument, 'marcela.ortiz@example.co', '3104567890', 'madre'].join(';'));
  }
  for (let i = 0; i < 28; i++) {
    const rowNumber = lines.length + 1; // header is row 1
    const document = broken && rowNumber === 6 ? '' : `10119${String(100 + i).padStart(5, '0')}`;
    const email = broken && rowNumber === 12 ? 'familia.sin.arroba.example.co' : `familia${i}@example.co`;
    const parent = parentNames[i % parentNames.length];
    lines.push([firstNames[i], `${surnames[i]} ${surnames[(i + 7) % surnames.length]}`, document,
      `${(i % 27) + 1}/${(i % 12) + 1}/2015`, i % 2 ? 'M' : 'F', parent, surnames[i], `79${String(300000 + i)}`,
      email, `31${String(10000000 + i * 7919).slice(0, 8)}`, i % 3 ? 'madre' : 'padre'].join(';'));
  }
  return lines.join('\r\n') + '\r\n';
}

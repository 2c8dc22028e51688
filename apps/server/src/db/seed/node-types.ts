import type { LocalizedNames } from '../../modules/nodes/nodes.queries';

// The node types every school starts with, named in the six languages: the tree of a new school
// (cli/create-school.ts) and of the seeded norte school is built from them.

const names = (es: string, en: string, de: string, fr: string, it: string, pt: string): LocalizedNames => ({ es, en, de, fr, it, pt });

export type StandardNodeType = 'school' | 'section' | 'grade' | 'class';

export const standardNodeTypes: Record<StandardNodeType, { singular: LocalizedNames; plural: LocalizedNames }> = {
  school: {
    singular: names('Colegio', 'School', 'Schule', 'École', 'Scuola', 'Escola'),
    plural: names('Colegios', 'Schools', 'Schulen', 'Écoles', 'Scuole', 'Escolas'),
  },
  section: {
    singular: names('Sección', 'Section', 'Stufe', 'Section', 'Sezione', 'Seção'),
    plural: names('Secciones', 'Sections', 'Stufen', 'Sections', 'Sezioni', 'Seções'),
  },
  grade: {
    singular: names('Grado', 'Grade', 'Klassenstufe', 'Niveau', 'Anno', 'Ano'),
    plural: names('Grados', 'Grades', 'Klassenstufen', 'Niveaux', 'Anni', 'Anos'),
  },
  class: {
    singular: names('Curso', 'Class', 'Klasse', 'Classe', 'Classe', 'Turma'),
    plural: names('Cursos', 'Classes', 'Klassen', 'Classes', 'Classi', 'Turmas'),
  },
};

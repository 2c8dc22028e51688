// The people of the demo school, Colegio Los Andes (Bogotá). Data only; demo-school.ts writes it.
// Order matters: the five demo accounts come first so their ids are 1–5 on a fresh database.

export type ClassName = '3A' | '5A' | '7A' | '9A';

export interface DemoPerson {
  /** Stable handle used by seed steps (documents are unique in the demo). */
  document: string;
  firstName: string;
  lastName: string;
  lastName2: string | null;
  gender: 'female' | 'male';
  birthday: string;
  username?: string;
  isAdmin?: boolean;
  email?: string;
  mobile?: string;
}

export interface DemoStudent extends DemoPerson {
  className: ClassName;
  studentCode: string;
}

export interface DemoFamily {
  students: DemoStudent[];
  /** Adults with the kind they are to every student of the family. */
  relatives: { person: DemoPerson; kind: 'father' | 'mother' | 'stepfather' | 'stepmother' | 'grandmother' }[];
}

const mail = (first: string, last: string, domain = 'example.com') =>
  `${first}.${last}`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '') + `@${domain}`;

let phone = 3105550100;
const adult = (
  document: string,
  firstName: string,
  lastName: string,
  lastName2: string | null,
  gender: 'female' | 'male',
  birthday: string,
  extra: Partial<DemoPerson> = {},
): DemoPerson => ({
  document,
  firstName,
  lastName,
  lastName2,
  gender,
  birthday,
  email: mail(firstName.split(' ')[0], lastName),
  mobile: `+57 ${String(phone++).replace(/(\d{3})(\d{3})(\d{4})/, '$1 $2 $3')}`,
  ...extra,
});

let code = 1;
const student = (
  document: string,
  firstName: string,
  lastName: string,
  lastName2: string,
  gender: 'female' | 'male',
  birthday: string,
  className: ClassName,
  extra: Partial<DemoPerson> = {},
): DemoStudent => ({
  document,
  firstName,
  lastName,
  lastName2,
  gender,
  birthday,
  className,
  studentCode: `CLA-${String(code++).padStart(4, '0')}`,
  ...extra,
});

const staffMail = (first: string, last: string) => mail(first, last, 'losandes.example.co');

// ── The five demo accounts (ids 1–5) ─────────────────────────────────────────────────────────────
export const admin = adult('52345678', 'Beatriz', 'Salazar', 'Montoya', 'female', '1974-03-12', {
  username: 'admin',
  isAdmin: true,
  email: staffMail('beatriz', 'salazar'),
});
export const teacher = adult('1020304050', 'Carolina', 'Restrepo', 'Uribe', 'female', '1986-07-23', {
  username: 'teacher',
  email: staffMail('carolina', 'restrepo'),
});
export const parent = adult('79456123', 'Andrés', 'Gómez', 'Rojas', 'male', '1981-11-02', { username: 'parent' });
export const studentAccount = student('1011223344', 'Valentina', 'Gómez', 'Ruiz', 'female', '2014-05-17', '7A', {
  username: 'student',
  email: 'valentina.gomez@estudiantes.losandes.example.co',
});
export const driver = adult('80123456', 'Luis Alberto', 'Páez', 'Mora', 'male', '1972-09-30', {
  username: 'driver',
  email: staffMail('luis', 'paez'),
});

// ── Staff and teachers ───────────────────────────────────────────────────────────────────────────
export const staff: DemoPerson[] = [
  adult('41789012', 'Gloria Inés', 'Navarro', 'Quiroga', 'female', '1979-01-25', { email: staffMail('gloria', 'navarro') }),
  adult('79888111', 'Édgar', 'Villamizar', 'Peña', 'male', '1977-06-08', { email: staffMail('edgar', 'villamizar') }),
  adult('52999222', 'Yolanda', 'Cifuentes', 'Rey', 'female', '1983-12-14', { email: staffMail('yolanda', 'cifuentes') }),
];

export const otherTeachers: DemoPerson[] = [
  adult('1015432100', 'Javier', 'Ortiz', 'Galvis', 'male', '1984-02-19', { email: staffMail('javier', 'ortiz') }),
  adult('1032456789', 'Mónica', 'Prieto', 'Lara', 'female', '1988-10-05', { email: staffMail('monica', 'prieto') }),
  adult('80765432', 'Andrés Felipe', 'Niño', 'Barrera', 'male', '1980-04-27', { email: staffMail('andres', 'nino') }),
];

// ── Families (20 students in 4 classes) ──────────────────────────────────────────────────────────
export const families: DemoFamily[] = [
  {
    // The demo parent: two children in different classes (7A and 3A).
    students: [studentAccount, student('1011556677', 'Samuel', 'Gómez', 'Ruiz', 'male', '2018-02-09', '3A')],
    relatives: [
      { person: parent, kind: 'father' },
      { person: adult('52678901', 'Natalia', 'Ruiz', 'Herrera', 'female', '1983-08-21'), kind: 'mother' },
    ],
  },
  {
    // Split household: Mateo lives with his mother and stepfather, and with his father and stepmother.
    students: [student('1011667788', 'Mateo', 'Castro', 'Pardo', 'male', '2016-09-03', '5A')],
    relatives: [
      { person: adult('52111333', 'Laura', 'Pardo', 'Méndez', 'female', '1985-03-30'), kind: 'mother' },
      { person: adult('80222444', 'Felipe', 'Ríos', 'Salazar', 'male', '1982-12-01'), kind: 'stepfather' },
      { person: adult('79333555', 'Juan Pablo', 'Castro', 'Lozano', 'male', '1980-07-15'), kind: 'father' },
      { person: adult('52444666', 'Diana', 'Moreno', 'Acosta', 'female', '1987-01-11'), kind: 'stepmother' },
    ],
  },
  {
    students: [
      student('1011778899', 'Santiago', 'Martínez', 'López', 'male', '2018-06-22', '3A'),
      student('1011889900', 'Isabella', 'Martínez', 'López', 'female', '2012-03-14', '9A'),
    ],
    relatives: [
      { person: adult('79555777', 'Carlos', 'Martínez', 'Vargas', 'male', '1978-05-09'), kind: 'father' },
      { person: adult('52666888', 'Paula', 'López', 'Cárdenas', 'female', '1981-09-18'), kind: 'mother' },
    ],
  },
  {
    students: [student('1011990011', 'Sofía', 'Rodríguez', 'Peña', 'female', '2018-11-28', '3A')],
    relatives: [{ person: adult('52777999', 'María Fernanda', 'Peña', 'Castillo', 'female', '1990-02-03'), kind: 'mother' }],
  },
  {
    students: [student('1012001122', 'Sebastián', 'Hernández', 'Torres', 'male', '2018-04-07', '3A')],
    relatives: [
      { person: adult('79888000', 'Jorge', 'Hernández', 'Díaz', 'male', '1984-10-26'), kind: 'father' },
      { person: adult('52999111', 'Adriana', 'Torres', 'Ospina', 'female', '1986-06-12'), kind: 'mother' },
    ],
  },
  {
    students: [student('1012112233', 'Mariana', 'Jiménez', 'Vega', 'female', '2018-08-19', '3A')],
    relatives: [
      { person: adult('80111222', 'Ricardo', 'Jiménez', 'Suárez', 'male', '1982-03-04'), kind: 'father' },
      { person: adult('52222333', 'Claudia', 'Vega', 'Rincón', 'female', '1985-11-23'), kind: 'mother' },
    ],
  },
  {
    students: [
      student('1012223344', 'Nicolás', 'Ramírez', 'Silva', 'male', '2016-01-30', '5A'),
      student('1012334455', 'Gabriela', 'Ramírez', 'Silva', 'female', '2014-10-08', '7A'),
    ],
    relatives: [
      { person: adult('80333444', 'Alejandro', 'Ramírez', 'Bernal', 'male', '1979-12-17'), kind: 'father' },
      { person: adult('52444555', 'Juliana', 'Silva', 'Quintero', 'female', '1982-04-29'), kind: 'mother' },
    ],
  },
  {
    students: [student('1012445566', 'Daniela', 'Torres', 'Camacho', 'female', '2016-07-12', '5A')],
    relatives: [
      { person: adult('80555666', 'Óscar', 'Torres', 'Medina', 'male', '1983-08-08'), kind: 'father' },
      { person: adult('52666777', 'Liliana', 'Camacho', 'Reyes', 'female', '1984-05-20'), kind: 'mother' },
    ],
  },
  {
    students: [student('1012556677', 'Juan José', 'Vargas', 'Mejía', 'male', '2016-03-25', '5A')],
    relatives: [
      { person: adult('52777888', 'Ángela', 'Mejía', 'Ortiz', 'female', '1988-09-14'), kind: 'mother' },
      { person: adult('41555666', 'Rosa', 'Ortiz', 'de Mejía', 'female', '1958-02-02'), kind: 'grandmother' },
    ],
  },
  {
    students: [student('1012667788', 'Luciana', 'Sánchez', 'Ortega', 'female', '2016-12-02', '5A')],
    relatives: [
      { person: adult('80777888', 'Mauricio', 'Sánchez', 'Parra', 'male', '1981-01-19'), kind: 'father' },
      { person: adult('52888999', 'Catalina', 'Ortega', 'Ríos', 'female', '1983-07-07'), kind: 'mother' },
    ],
  },
  {
    students: [student('1012778899', 'Tomás', 'Rincón', 'Guzmán', 'male', '2014-02-16', '7A')],
    relatives: [
      { person: adult('80999000', 'Fernando', 'Rincón', 'Cruz', 'male', '1977-11-11'), kind: 'father' },
      { person: adult('52000111', 'Marcela', 'Guzmán', 'Pineda', 'female', '1980-06-25'), kind: 'mother' },
    ],
  },
  {
    students: [student('1012889900', 'Antonella', 'Patiño', 'Arias', 'female', '2014-09-09', '7A')],
    relatives: [
      { person: adult('79111000', 'Hernán', 'Patiño', 'Gil', 'male', '1978-04-03'), kind: 'father' },
      { person: adult('52123123', 'Sandra', 'Arias', 'Niño', 'female', '1981-12-28'), kind: 'mother' },
    ],
  },
  {
    students: [student('1012990011', 'Emilio', 'Cárdenas', 'Rubio', 'male', '2014-06-01', '7A')],
    relatives: [{ person: adult('52234234', 'Verónica', 'Rubio', 'Acevedo', 'female', '1984-03-17'), kind: 'mother' }],
  },
  {
    students: [student('1013001122', 'Martín', 'Beltrán', 'Ospina', 'male', '2012-08-23', '9A')],
    relatives: [
      { person: adult('79345345', 'Germán', 'Beltrán', 'Cortés', 'male', '1975-10-10'), kind: 'father' },
      { person: adult('52456456', 'Luisa', 'Ospina', 'Duarte', 'female', '1978-01-31'), kind: 'mother' },
    ],
  },
  {
    students: [student('1013112233', 'Salomé', 'Duarte', 'León', 'female', '2012-11-05', '9A')],
    relatives: [
      { person: adult('79567567', 'Wilson', 'Duarte', 'Franco', 'male', '1976-05-22'), kind: 'father' },
      { person: adult('52678678', 'Patricia', 'León', 'Zapata', 'female', '1979-08-30'), kind: 'mother' },
    ],
  },
  {
    students: [student('1013223344', 'Jerónimo', 'Franco', 'Muñoz', 'male', '2012-01-18', '9A')],
    relatives: [{ person: adult('79789789', 'Diego', 'Franco', 'Ibarra', 'male', '1974-12-09'), kind: 'father' }],
  },
  {
    students: [student('1013334455', 'Manuela', 'Quintero', 'Rojas', 'female', '2012-04-26', '9A')],
    relatives: [
      { person: adult('79890890', 'Camilo', 'Quintero', 'Salgado', 'male', '1977-07-04'), kind: 'father' },
      { person: adult('52901901', 'Ana María', 'Rojas', 'Velásquez', 'female', '1980-10-13'), kind: 'mother' },
    ],
  },
];

/** Who teaches where: the demo teacher directs 7A and also teaches 9A. */
export const teaching: { document: string; className: ClassName; roles: ('teacher' | 'group_director' | 'substitute_teacher')[] }[] = [
  { document: teacher.document, className: '7A', roles: ['teacher', 'group_director'] },
  { document: teacher.document, className: '9A', roles: ['teacher'] },
  { document: otherTeachers[0].document, className: '3A', roles: ['teacher', 'group_director'] },
  { document: otherTeachers[0].document, className: '5A', roles: ['teacher'] },
  { document: otherTeachers[1].document, className: '5A', roles: ['teacher', 'group_director'] },
  { document: otherTeachers[1].document, className: '3A', roles: ['teacher'] },
  { document: otherTeachers[2].document, className: '9A', roles: ['teacher', 'group_director'] },
  { document: otherTeachers[2].document, className: '7A', roles: ['substitute_teacher'] },
];

/** Ruta 1 in the north of Bogotá, in driving order, ending at the school (Calle 170). */
export const route1Stops = [
  { name: 'Parque El Chicó (Cra. 7 con Cl. 93)', lat: 4.6762, lng: -74.0478 },
  { name: 'Santa Bárbara (Cl. 116 con Cra. 15)', lat: 4.6968, lng: -74.0445 },
  { name: 'Parque de Usaquén (Cl. 119 con Cra. 6)', lat: 4.6948, lng: -74.0306 },
  { name: 'Unicentro (Av. 15 con Cl. 127)', lat: 4.7020, lng: -74.0418 },
  { name: 'Cedritos (Cl. 140 con Cra. 11)', lat: 4.7222, lng: -74.0451 },
  { name: 'Colegio Los Andes (Cl. 170 con Cra. 9)', lat: 4.7521, lng: -74.0298 },
];

/**
 * Ruta 1 as the buses of issue 13 run it: the planned time at each stop of route1Stops (the morning
 * run, 06:10 to 06:55), its vehicle and monitor, and where each family's children get on. The Gómez
 * family (the demo parent and student) lives in Santa Bárbara, two blocks from the second stop, and
 * every rider gets off at the school.
 */
export const route1Plan = {
  vehicle: 'Buseta Chevrolet NPR · WFK-318',
  times: ['06:10', '06:19', '06:28', '06:36', '06:45', '06:55'],
  monitorDocument: staff[2].document,
  /** Stop (index in route1Stops) where each of the first four families' children get on. */
  pickupByFamily: [1, 0, 2, 4],
  dropoff: 5,
  /** Bus Ruta 1, the tracked bus of the route. */
  target: 'Bus Ruta 1',
};

/** The demo parent's home (Cl. 114A con Cra. 15, Santa Bárbara): near the second stop of Ruta 1. */
export const demoParentHome = { label: 'Cl. 114A # 15-40, Santa Bárbara', lat: 4.6955, lng: -74.0452 };

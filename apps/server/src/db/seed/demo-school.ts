import type { Database } from '../database';
import type { Org } from '../../policy/policy';
import { DEMO_PASSWORD } from '../../modules/auth/demo-password';
import { hashPassword } from '../../modules/auth/password';
import { upsertTermOverrides } from '../../modules/i18n/i18n.queries';
import { findNodeByName, insertMembership, insertNode, insertNodeType } from '../../modules/nodes/nodes.queries';
import { findPersonIdByUsername, findPersonIdsByDocument, insertPerson, upsertRelationshipPair } from '../../modules/people/people.queries';
import { inverseKind } from '../../modules/people/relationships';
import { insertRouteStops, insertTarget, upsertRouteRider, upsertTransportRoute, findRouteStops, updateStopTimes } from '../../modules/transport/transport.queries';
import { peopleAndGroups } from './demo-groups';
import { selfRegistration } from './demo-registration';
import { signInByEmail } from './demo-email-sign-in';
import { demoPosts, postTypesStep } from './demo-posts';
import { demoBlocks } from './demo-blocks';
import { demoCalendar } from './demo-calendar';
import type { DemoPerson, DemoStudent } from './demo-people';
import { admin, driver, families, otherTeachers, parent, route1Plan, route1Stops, staff, studentAccount, teacher, teaching } from './demo-people';

export const demoPassword = DEMO_PASSWORD;
export const schoolYear = '2026';

/** One idempotent piece of the demo; later capabilities append their own steps. */
export interface SeedStep {
  name: string;
  run: (db: Database, org: Org) => Promise<void>;
}

/** Inserts one seeded person (password demo1234 when they have an account) and answers their id. */
export async function addPerson(db: Database, org: Org, p: DemoPerson | DemoStudent): Promise<number> {
  const row = await insertPerson(db, org.id, {
    username: p.username ?? null,
    password_hash: p.username ? await hashPassword(demoPassword) : null,
    first_name: p.firstName,
    last_name: p.lastName,
    last_name2: p.lastName2,
    document: p.document,
    gender: p.gender,
    birthday: p.birthday,
    email: p.email ?? null,
    mobile: p.mobile ?? null,
    student_code: 'studentCode' in p ? p.studentCode : null,
    avatar: null,
    language: 'es',
    is_admin: p.isAdmin ? 1 : 0,
  });
  return row.id;
}

/** People and families: the five accounts first (ids 1–5), then staff, teachers, students, relatives. */
const people: SeedStep = {
  name: 'people',
  async run(db, org) {
    const inserted = new Set<string>();
    const add = async (p: DemoPerson) => {
      if (inserted.has(p.document)) return;
      inserted.add(p.document);
      await addPerson(db, org, p);
    };
    for (const p of [admin, teacher, parent, studentAccount, driver, ...staff, ...otherTeachers]) await add(p);
    for (const family of families) {
      for (const s of family.students) await add(s);
      for (const r of family.relatives) await add(r.person);
    }
    const ids = await findPersonIdsByDocument(db, org.id, [...inserted]);
    for (const family of families) {
      for (const s of family.students) {
        for (const { person, kind } of family.relatives) {
          await upsertRelationshipPair(db, org.id, {
            personId: ids.get(s.document)!,
            relativeId: ids.get(person.document)!,
            kind,
            inverseKind: inverseKind(kind, s.gender),
          });
        }
        for (const sibling of family.students) {
          if (sibling === s) continue;
          await upsertRelationshipPair(db, org.id, {
            personId: ids.get(s.document)!,
            relativeId: ids.get(sibling.document)!,
            kind: sibling.gender === 'male' ? 'brother' : 'sister',
            inverseKind: s.gender === 'male' ? 'brother' : 'sister',
          });
        }
      }
    }
  },
};

const names = (es: string, en: string, de: string, fr: string, it: string, pt: string) => ({ es, en, de, fr, it, pt });

/** Tree school → sections → grades → classes with staff, teachers and enrolled students. */
const tree: SeedStep = {
  name: 'tree',
  async run(db, org) {
    const type = async (key: string, singular: ReturnType<typeof names>, plural: ReturnType<typeof names>) =>
      insertNodeType(db, org.id, { key, singular, plural });
    const schoolType = await type('school', names('Colegio', 'School', 'Schule', 'École', 'Scuola', 'Escola'), names('Colegios', 'Schools', 'Schulen', 'Écoles', 'Scuole', 'Escolas'));
    const sectionType = await type('section', names('Sección', 'Section', 'Stufe', 'Section', 'Sezione', 'Seção'), names('Secciones', 'Sections', 'Stufen', 'Sections', 'Sezioni', 'Seções'));
    const gradeType = await type('grade', names('Grado', 'Grade', 'Klassenstufe', 'Niveau', 'Anno', 'Ano'), names('Grados', 'Grades', 'Klassenstufen', 'Niveaux', 'Anni', 'Anos'));
    const classType = await type('class', names('Curso', 'Class', 'Klasse', 'Classe', 'Classe', 'Turma'), names('Cursos', 'Classes', 'Klassen', 'Classes', 'Classi', 'Turmas'));

    const school = await insertNode(db, org.id, { parentId: null, typeId: schoolType, name: org.title });
    const ids = await findPersonIdsByDocument(db, org.id, [
      admin.document, driver.document, ...staff.map((s) => s.document), ...teaching.map((t) => t.document),
      ...families.flatMap((f) => f.students.map((s) => s.document)),
    ]);
    for (const p of [admin, ...staff]) {
      await insertMembership(db, org.id, { nodeId: school, personId: ids.get(p.document)!, role: 'employee' });
    }

    const layout: [string, [string, '3A' | '5A' | '7A' | '9A'][]][] = [
      ['Primaria', [['Tercero', '3A'], ['Quinto', '5A']]],
      ['Bachillerato', [['Séptimo', '7A'], ['Noveno', '9A']]],
    ];
    const classIds = new Map<string, number>();
    for (const [i, [sectionName, grades]] of layout.entries()) {
      const section = await insertNode(db, org.id, { parentId: school, typeId: sectionType, name: sectionName, position: i + 1 });
      for (const [j, [gradeName, className]] of grades.entries()) {
        const grade = await insertNode(db, org.id, { parentId: section, typeId: gradeType, name: gradeName, position: j + 1 });
        classIds.set(className, await insertNode(db, org.id, { parentId: grade, typeId: classType, name: className, position: 1 }));
      }
    }
    for (const t of teaching) {
      for (const role of t.roles) {
        await insertMembership(db, org.id, { nodeId: classIds.get(t.className)!, personId: ids.get(t.document)!, role, schoolYear });
      }
    }
    for (const s of families.flatMap((f) => f.students)) {
      await insertMembership(db, org.id, {
        nodeId: classIds.get(s.className)!,
        personId: ids.get(s.document)!,
        role: 'student',
        enrollmentStatus: 'active',
        schoolYear,
      });
    }
  },
};

/** Bus route 1 with its stops, driven by the demo driver; some students ride it. */
const transport: SeedStep = {
  name: 'transport',
  async run(db, org) {
    const routeType = await insertNodeType(db, org.id, {
      key: 'route',
      singular: names('Ruta', 'Route', 'Route', 'Itinéraire', 'Percorso', 'Rota'),
      plural: names('Rutas', 'Routes', 'Routen', 'Itinéraires', 'Percorsi', 'Rotas'),
    });
    const school = await findNodeByName(db, org.id, org.title);
    const route = await insertNode(db, org.id, { parentId: school?.id ?? null, typeId: routeType, name: 'Ruta 1', position: 10 });
    await insertRouteStops(db, org.id, route, route1Stops);
    const driverId = await findPersonIdByUsername(db, org.id, 'driver');
    if (driverId) await insertMembership(db, org.id, { nodeId: route, personId: driverId, role: 'employee' });
    const riders = await findPersonIdsByDocument(db, org.id, families.slice(0, 4).flatMap((f) => f.students.map((s) => s.document)));
    for (const id of riders.values()) {
      await insertMembership(db, org.id, { nodeId: route, personId: id, role: 'student', enrollmentStatus: 'active', schoolYear });
    }
  },
};

/**
 * Ruta 1 as a bus route of issue 13 (a step of its own: schools seeded before it get it too): planned
 * times at its stops, its vehicle, driver and monitor, its tracked bus, and where each rider gets on
 * and off (the demo student at the stop near the demo parent's home).
 */
const transportRuns: SeedStep = {
  name: 'transport-runs',
  async run(db, org) {
    const route = await findNodeByName(db, org.id, 'Ruta 1');
    if (!route) return;
    await updateStopTimes(db, org.id, route.id, route1Plan.times);
    const stops = await findRouteStops(db, org.id, route.id);
    const ids = await findPersonIdsByDocument(db, org.id, [driver.document, route1Plan.monitorDocument]);
    await upsertTransportRoute(db, org.id, {
      nodeId: route.id,
      vehicle: route1Plan.vehicle,
      driverId: ids.get(driver.document) ?? null,
      monitorId: ids.get(route1Plan.monitorDocument) ?? null,
    });
    await insertTarget(db, org.id, { name: route1Plan.target, nodeId: route.id });
    for (const [i, family] of families.slice(0, route1Plan.pickupByFamily.length).entries()) {
      const riders = await findPersonIdsByDocument(db, org.id, family.students.map((s) => s.document));
      for (const personId of riders.values()) {
        await upsertRouteRider(db, org.id, {
          nodeId: route.id,
          personId,
          pickupStopId: stops[route1Plan.pickupByFamily[i]]?.id ?? null,
          dropoffStopId: stops[route1Plan.dropoff]?.id ?? null,
        });
      }
    }
  },
};

/** The school's own words: Los Andes says "grado" for a class and "acudiente" for a relative. */
const terms: SeedStep = {
  name: 'terms',
  async run(db, org) {
    await upsertTermOverrides(db, org.id, 'es', {
      'terms.course': 'Grado',
      'terms.courses': 'Grados',
      'terms.relative': 'Acudiente',
      'terms.relatives': 'Acudientes',
    });
    await upsertTermOverrides(db, org.id, 'en', { 'terms.relative': 'Guardian', 'terms.relatives': 'Guardians' });
  },
};

/** Every demo step in order; a capability adds its step at the end (its name must never change). */
export const demoSteps: SeedStep[] = [people, tree, transport, terms, peopleAndGroups, selfRegistration, signInByEmail, postTypesStep, demoPosts, demoBlocks, demoCalendar, transportRuns];

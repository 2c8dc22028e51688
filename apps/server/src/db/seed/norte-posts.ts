// Colegio del Norte's own posts: an announcement to the whole school and a circular from its teacher
// to the parents of 4A, so isolation tests find posts on both sides that must never cross.
import { findPersonIdByUsername } from '../../modules/people/people.queries';
import { deliverDemoPost, type PostsSeedStep } from './demo-posts';
import { findAllPersonIds } from './demo-posts.queries';

export const nortePosts: PostsSeedStep = {
  name: 'posts',
  async run(db, org) {
    const id = async (username: string) => (await findPersonIdByUsername(db, org.id, username))!;
    const [admin, teacher, parent] = [await id('admin'), await id('teacher'), await id('parent')];
    await deliverDemoPost(db, org, admin, {
      type: 'announcement',
      title: 'Jornada de vacunación en el colegio',
      description: '<p>El martes tendremos jornada de vacunación en la enfermería, de 8:00 a. m. a 12:00 m. Traigan el carné de vacunas.</p>',
      settings: { highlight: true },
    }, await findAllPersonIds(db, org.id));
    await deliverDemoPost(db, org, teacher, {
      type: 'circular',
      title: 'Materiales para el proyecto de ciencias de 4A',
      description: '<p>Para el proyecto de ciencias necesitamos una caja de cartón, dos botellas plásticas y pegante.</p>',
    }, [parent]);
  },
};

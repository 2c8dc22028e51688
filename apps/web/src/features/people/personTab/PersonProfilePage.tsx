import { useParams } from 'react-router';
import { PersonProfileView } from '../PersonPage';

/** /person/{personId}/profile ("Datos personales"): the profile as /person/{id} shows it, under the tab's own header. */
export function PersonProfilePage() {
  const personId = Number(useParams().personId);
  return <PersonProfileView personId={personId} withHeader={false} />;
}

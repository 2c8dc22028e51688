// The people area to the rest of the server: people, their families, who may see whom and the rosters
// of nodes. Other areas import from here only (.dependency-cruiser.cjs); the rest of the folder may change.
export { peopleRoutes } from './people.routes';
export { peoplePolicies } from './people.policy';
export {
  actsForPerson,
  canSeeProfile,
  canSeeSchoolData,
  personAccess,
  type ProfileAccess,
  profileAccess,
  type ProfileLevel,
} from './people.access';
export { contactOfFilter } from './people.access.sql';
export { type ContactReason, findContactReasons } from './contacts.rules';
export { findRouteReach, type RouteReach } from './caller-reach';
export { cardsOf, toCard } from './people.service';
export { signedAvatarUrl } from './avatar.service';
export {
  type CardRow,
  findCaller,
  findCredentials,
  findApprovedParentLikeRelativeIds,
  findParentLikeRelativeIds,
  findPerson,
  findSignedInCaller,
  insertPerson,
  type NewPerson,
  personExists,
  updatePersonRow,
  upsertRelationshipPair,
} from './people.queries';
export { inverseKind, parentLikeKinds, type RelationshipKind, relationshipKinds } from './relationships';
export { foldText, type SearchKeyPart, searchKeyOf, touchesSearchKey } from './search-key';
export { searchKeyContains, searchKeyMatches } from './search-key.sql';
export { sortKeyOf, touchesSortKey } from './sort-key';
export { peopleManifest } from './people.manifest';

// What other features may use of people: the person pieces every list shows, the directory and the queries.
export { labelOf, rolesLabel } from './labels';
export { PeopleDirectory, SEARCH_DEBOUNCE_MS, type PeopleDirectoryProps } from './PeopleDirectory';
export { PeopleSearchField } from './PeopleSearchField';
export { PersonAvatar } from './PersonAvatar';
export { PersonRow } from './PersonRow';
export { usePeopleSearch, usePerson } from './usePeople';
export { VirtualPeopleList } from './VirtualPeopleList';

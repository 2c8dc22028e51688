// What other features may use of registration: the sign-in screen's link and its pending-family check.
export { fetchMyRegistration } from './myRegistration';
export { RegisterLink } from './RegisterLink';

import { always, definePolicy, isSignedIn } from '../../policy/policy';

export const livePolicies = {
  /**
   * GET live: anyone may open the socket, because a browser cannot put a token in the headers of a
   * WebSocket request. The socket does nothing until its token (its first message, or the
   * `access_token` query parameter, which the server's logs redact) authenticates it against `receive`.
   */
  connect: definePolicy({ method: 'GET', path: 'live', public: true, check: always }),
  /**
   * Who may receive live updates once authenticated: any signed-in person of the school, checked like
   * any HTTP route (not a self-registered family the school has not approved). Never registered as a
   * route: the socket evaluates it on its auth message and again while it stays open.
   */
  receive: definePolicy({ method: 'GET', path: 'live', check: isSignedIn }),
};

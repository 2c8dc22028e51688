import { lazy, Suspense } from 'react';
import { ScreenLoading } from '../ui/ScreenLoading';
import { Navigate, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useSessionState, type AppServices } from './services';
import { decideGuard, type GuardInput, homeTarget, REGISTRATION_STATUS_PATH } from './guard';
import { isSignedIn } from './session/sessionStore';
import type { RouteHandle } from './routeHandle';
import { RouteError } from './RouteError';
import { RootLayout } from './RootLayout';

// Every screen is its own chunk (spec §2: screens load lazily).
const notAvailable = () => import('../features/placeholder/NotAvailablePage').then((m) => ({ Component: m.NotAvailablePage }));

/** A route whose screen a later capability builds: the shared, honest "not available yet" page. */
function later(path: string, screen: string, extra: Omit<RouteHandle, 'screen'> = {}, children?: RouteObject[]): RouteObject {
  return { path, lazy: notAvailable, handle: { screen, ...extra } satisfies RouteHandle, children };
}

/** A built screen, lazily loaded as its own chunk. */
function screen(path: string, name: string, lazy: NonNullable<RouteObject['lazy']>, extra: Omit<RouteHandle, 'screen'> = {}, children?: RouteObject[]): RouteObject {
  return { path, lazy, handle: { screen: name, ...extra } satisfies RouteHandle, children } as RouteObject;
}

/** The child thread view shared by highlights, calendar and the feed (spec §2). */
const threadScreen = () => import('../features/threads/ThreadPage').then((m) => ({ Component: m.ThreadPage }));
const threadChild = (path = 'threads/feed/:threadId') => [screen(path, 'thread', threadScreen)];
const inboxScreen = () => import('../features/threads/FolderPages').then((m) => ({ Component: m.InboxPage }));
const calendarScreen = () => import('../features/calendar/CalendarPage').then((m) => ({ Component: m.CalendarPage }));

/** Routes inside the /deck shell (spec §2 routes table). */
export const deckRoutes: RouteObject[] = [
  screen('highlights', 'highlights', () => import('../features/highlights/HighlightsPage').then((m) => ({ Component: m.HighlightsPage })), { order: 1, exitOnBack: true }, threadChild()),
  // Issue 36 §2: a dashboard of blocks; its route params reach the blocks.
  screen('dashboard/:dashboardId', 'dashboard', () => import('../features/dashboards/DashboardPage').then((m) => ({ Component: m.DashboardPage }))),
  screen('inbox', 'inbox', inboxScreen, { order: 2 }),
  screen('calendar', 'calendar', calendarScreen, { order: 3 }, [
    ...threadChild(),
    screen('events/:eventId', 'calendarEvent', () => import('../features/calendar/EventPage').then((m) => ({ Component: m.EventPage })), { title: 'calendar.event.screen' }),
  ]),
  screen('launcher', 'launcher', () => import('../features/launcher/LauncherPage').then((m) => ({ Component: m.LauncherPage }))),
  // Issue 36 §3: the school ID card with the day's QR code, kept for offline use.
  screen('id', 'id', () => import('../features/people/IdPage').then((m) => ({ Component: m.IdPage }))),
  screen('hidden', 'hidden', () => import('../features/threads/FolderPages').then((m) => ({ Component: m.HiddenPage }))),
  screen('threads/feed', 'feed', inboxScreen, {}, threadChild(':threadId')),
  screen('archive', 'archive', () => import('../features/threads/FolderPages').then((m) => ({ Component: m.ArchivePage }))),
  screen('trash', 'trash', () => import('../features/threads/FolderPages').then((m) => ({ Component: m.TrashPage }))),
  screen('compose', 'compose', () => import('../features/compose/ComposePage').then((m) => ({ Component: m.ComposePage }))),
  screen('sent', 'sent', () => import('../features/sent/SentPage').then((m) => ({ Component: m.SentPage }))),
  screen('sent/:postId', 'sentPost', () => import('../features/sent/SentPostPage').then((m) => ({ Component: m.SentPostPage }))),
  // Issue 35: the classroom of students and families (teachers land on teaching/:personId).
  screen('classroom', 'classroom', () => import('../features/classroom/ClassroomPage').then((m) => ({ Component: m.ClassroomPage }))),
  screen('people/:personId/classroom', 'personClassroom', () => import('../features/classroom/PersonClassroomPage').then((m) => ({ Component: m.PersonClassroomPage }))),
  screen('people/:personId/classroom/:groupId', 'classroomGroup', () => import('../features/classroom/ClassroomGroupPage').then((m) => ({ Component: m.ClassroomGroupPage }))),
  screen('people/:personId/classroom/:groupId/posts/:postId', 'classroomPost', () => import('../features/classroom/ClassroomPostPage').then((m) => ({ Component: m.ClassroomPostPage }))),
  // Issue 37 §2: the term's extracurricular activities, with a family's requests.
  screen('activities', 'extracurricular', () => import('../features/activities/ActivitiesPage').then((m) => ({ Component: m.ActivitiesPage }))),
  screen('people/:personId/children', 'children', () => import('../features/people/ChildrenPage').then((m) => ({ Component: m.ChildrenPage }))),
  // Issue 35: a teacher's groups, review queue and due dates; a task's submissions, graded and returned.
  screen('teaching/:personId', 'teaching', () => import('../features/teaching/TeachingPage').then((m) => ({ Component: m.TeachingPage }))),
  screen('teaching/:personId/posts/:postId', 'teachingSubmissions', () => import('../features/teaching/SubmissionsPage').then((m) => ({ Component: m.SubmissionsPage }))),
  // Issue 14: billing; billing/debits/:debitId is the spec's named route billing-debit-debitId.
  screen('billing/debits/:debitId', 'debit', () => import('../features/billing/DebitPage').then((m) => ({ Component: m.DebitPage }))),
  screen('billing/credits/:creditId', 'credit', () => import('../features/billing/CreditPage').then((m) => ({ Component: m.CreditPage }))),
  screen('billing/admin', 'billingAdmin', () => import('../features/billing/BillingAdminPage').then((m) => ({ Component: m.BillingAdminPage }))),
  screen('billing/:personId', 'billing', () => import('../features/billing/BillingPage').then((m) => ({ Component: m.BillingPage }))),
  screen('people', 'people', () => import('../features/contacts/ContactsPage').then((m) => ({ Component: m.ContactsPage })), { order: 4 }),
  screen('registrations', 'registrations', () => import('../features/registration/RegistrationsPage').then((m) => ({ Component: m.RegistrationsPage }))),
  screen('admin/jobs', 'jobs', () => import('../features/admin/JobsPage').then((m) => ({ Component: m.JobsPage }))),
  screen('admin/sign-in', 'singleSignOn', () => import('../features/admin/SingleSignOnPage').then((m) => ({ Component: m.SingleSignOnPage }))),
  screen('admin/invitations', 'invitations', () => import('../features/invitations/InvitationsPage').then((m) => ({ Component: m.InvitationsPage })), { title: 'signInHelp.titles.invitations' }),
  // Issue 36 §1: the staff workspace's admin tab; /admin/jobs, /admin/sign-in and /admin/invitations stay outside it.
  screen('admin', 'admin', () => import('../features/admin/workspace/AdminTabLayout').then((m) => ({ Component: m.AdminTabLayout })), { workspace: 'admin' }, [
    { index: true, lazy: () => import('../features/dashboards/AdminHomePage').then((m) => ({ Component: m.AdminHomePage })), handle: { screen: 'adminHome' } satisfies RouteHandle },
    screen('extracurricular', 'extracurricular', () => import('../features/admin/workspace/ExtracurricularPage').then((m) => ({ Component: m.ExtracurricularPage }))),
    screen('dashboards', 'dashboards', () => import('../features/dashboards/DashboardsAdminPage').then((m) => ({ Component: m.DashboardsAdminPage }))),
    screen('test', 'adminTest', () => import('../features/admin/workspace/AdminTestPage').then((m) => ({ Component: m.AdminTestPage }))),
    screen('blocks/:blockId', 'blockEditor', () => import('../features/dashboards/BlockEditorPage').then((m) => ({ Component: m.BlockEditorPage }))),
  ]),
  // Issue 36 §1: a person's tab for staff; for anyone else the layout shows the profile alone, as before.
  // The index names no screen of its own: the page title stays the person's "Perfil" for everyone.
  screen('person/:personId', 'person', () => import('../features/people/personTab/PersonTabLayout').then((m) => ({ Component: m.PersonTabLayout })), { workspace: 'person' }, [
    { index: true, lazy: () => import('../features/people/personTab/PersonDashboardPage').then((m) => ({ Component: m.PersonDashboardPage })) },
    screen('announcements', 'personAnnouncements', () => import('../features/people/personTab/PersonAnnouncementsPage').then((m) => ({ Component: m.PersonAnnouncementsPage }))),
    screen('highlights', 'personHighlights', () => import('../features/people/personTab/PersonHighlightsPage').then((m) => ({ Component: m.PersonHighlightsPage }))),
    screen('calendar', 'personCalendar', () => import('../features/people/personTab/PersonCalendarPage').then((m) => ({ Component: m.PersonCalendarPage }))),
    screen('mail', 'personMail', () => import('../features/people/personTab/PersonMailPage').then((m) => ({ Component: m.PersonMailPage }))),
    screen('profile', 'personProfile', () => import('../features/people/personTab/PersonProfilePage').then((m) => ({ Component: m.PersonProfilePage }))),
    screen('blocks/:blockId', 'personBlock', () => import('../features/dashboards/PersonBlockPage').then((m) => ({ Component: m.PersonBlockPage }))),
  ]),
  {
    path: 'settings',
    handle: { screen: 'settings' } satisfies RouteHandle,
    lazy: () => import('../features/settings/SettingsPage').then((m) => ({ Component: m.SettingsPage })),
  },
  screen('settings/notifications', 'notifications', () => import('../features/notifications/NotificationSettingsPage').then((m) => ({ Component: m.NotificationSettingsPage }))),
  screen('post/types', 'postTypes', () => import('../features/postTypes/PostTypesPage').then((m) => ({ Component: m.PostTypesPage }))),
  screen('post/types/:type', 'postType', () => import('../features/postTypes/PostTypePage').then((m) => ({ Component: m.PostTypePage }))),
  // Issue 15: attendance; the roll call works offline on a teacher's phone.
  screen('attendance/admin', 'attendanceAdmin', () => import('../features/attendance/AttendanceAdminPage').then((m) => ({ Component: m.AttendanceAdminPage }))),
  screen('attendance/checkpoint/:nodeId', 'checkpoint', () => import('../features/attendance/CheckpointPage').then((m) => ({ Component: m.CheckpointPage }))),
  screen('transport/routes', 'transportRoutes', () => import('../features/transport/RoutesPage').then((m) => ({ Component: m.RoutesPage }))),
  screen('transport/routes/:routeId/log', 'routeLog', () => import('../features/transport/RouteLogPage').then((m) => ({ Component: m.RouteLogPage }))),
  screen('transport/routes/:routeId/map', 'routeMap', () => import('../features/transport/RouteMapPage').then((m) => ({ Component: m.RouteMapPage }))),
  screen('transport/routes/:routeId/setup', 'routeSetup', () => import('../features/transport/setup/RouteSetupPage').then((m) => ({ Component: m.RouteSetupPage }))),
  screen('geo/targets', 'geoTargets', () => import('../features/geo/TargetsPage').then((m) => ({ Component: m.TargetsPage }))),
  screen('geo/targets/:targetId', 'geoTarget', () => import('../features/geo/TrackerPage').then((m) => ({ Component: m.TrackerPage }))),
  screen('geo/feed', 'geoFeed', () => import('../features/geo/GeoFeedPage').then((m) => ({ Component: m.GeoFeedPage }))),
  screen('nodes', 'nodes', () => import('../features/nodes/NodesPage').then((m) => ({ Component: m.NodesPage }))),
  screen('nodes/:nodeId', 'node', () => import('../features/nodes/NodeLayout').then((m) => ({ Component: m.NodeLayout })), {}, [
    screen('posts/:type', 'nodePosts', () => import('../features/teaching/NodePostsPage').then((m) => ({ Component: m.NodePostsPage }))),
    screen('people', 'nodePeople', () => import('../features/nodes/NodePeoplePage').then((m) => ({ Component: m.NodePeoplePage }))),
    screen('nodes', 'nodeChildren', () => import('../features/nodes/NodeChildrenPage').then((m) => ({ Component: m.NodeChildrenPage }))),
    screen('import', 'nodeImport', () => import('../features/nodes/import/ImportPage').then((m) => ({ Component: m.ImportPage }))),
  ]),
  screen('test/calendar', 'testCalendar', () => import('../features/calendar/CalendarPage').then((m) => ({ Component: m.TestCalendarPage })), {}, threadChild('calendar/thread/:threadId')),
  later('test/popups', 'testPopups'),
  later('test/datepicker', 'testDatepicker'),
  {
    path: 'more',
    handle: { screen: 'more', order: 5 } satisfies RouteHandle,
    lazy: () => import('../features/more/MorePage').then((m) => ({ Component: m.MorePage })),
  },
  // The API's path of a person (people/12) opens their profile too.
  { path: 'people/:personId', loader: ({ params }) => redirect(`/person/${encodeURIComponent(params.personId ?? '')}`), Component: () => null },
  { path: '*', handle: { title: 'notFound.title', tab: 'none' } satisfies RouteHandle, lazy: () => import('./NotFoundPage').then((m) => ({ Component: m.NotFoundPage })) },
];

const DeckShell = lazy(() => import('./deck/DeckShell').then((m) => ({ default: m.DeckShell })));
function LazyDeckShell() {
  // A 403 registration_pending on an open screen (e.g. after a reload) ends on the status screen.
  const isWaitingForApproval = useSessionState((s) => s.registrationPending && isSignedIn(s));
  if (isWaitingForApproval) return <Navigate to={REGISTRATION_STATUS_PATH} replace />;
  return (
    <Suspense fallback={<ScreenLoading />}>
      <DeckShell />
    </Suspense>
  );
}

/** The whole route tree: guard at the root, public screens, then the deck shell. */
export function createRoutes(services: AppServices): RouteObject[] {
  function guardInput(request: Request): GuardInput {
    const { pathname, search } = new URL(request.url);
    const state = services.store.getState();
    return { pathname, search, hasOrgUrl: state.url !== null, isSignedIn: isSignedIn(state), isRegistrationPending: state.registrationPending };
  }

  function guard({ request }: LoaderFunctionArgs): null {
    const target = decideGuard(guardInput(request));
    if (target) throw redirect(target);
    return null;
  }

  return [
    {
      id: 'root',
      path: '/',
      loader: guard,
      // The guard runs on every navigation, not only when the root's params change.
      shouldRevalidate: () => true,
      errorElement: <RouteError />,
      HydrateFallback: ScreenLoading,
      Component: RootLayout,
      children: [
        // A guest goes straight to /code or /login, never by way of /highlights (guard.ts homeTarget).
        { index: true, loader: ({ request }) => redirect(homeTarget(guardInput(request))), Component: () => null },
        {
          path: 'code',
          handle: { exitOnBack: true, title: 'pageTitles.code' } satisfies RouteHandle,
          lazy: () => import('../features/auth/CodePage').then((m) => ({ Component: m.CodePage })),
        },
        {
          path: 'login',
          handle: { exitOnBack: true, title: 'pageTitles.login' } satisfies RouteHandle,
          lazy: () => import('../features/auth/LoginPage').then((m) => ({ Component: m.LoginPage })),
        },
        {
          path: 'register',
          handle: { title: 'pageTitles.register' } satisfies RouteHandle,
          lazy: () => import('../features/registration/RegisterPage').then((m) => ({ Component: m.RegisterPage })),
        },
        {
          path: 'registration/verify',
          handle: { title: 'pageTitles.verify' } satisfies RouteHandle,
          lazy: () => import('../features/registration/VerifyPage').then((m) => ({ Component: m.VerifyPage })),
        },
        // Issue 29 item 3: the link mailed to the person of the school a registration matches.
        {
          path: 'registration/link',
          handle: { title: 'pageTitles.registrationLink' } satisfies RouteHandle,
          lazy: () => import('../features/registration/RegistrationLinkPage').then((m) => ({ Component: m.RegistrationLinkPage })),
        },
        {
          path: 'registration/status',
          handle: { title: 'pageTitles.registrationStatus' } satisfies RouteHandle,
          lazy: () => import('../features/registration/RegistrationStatusPage').then((m) => ({ Component: m.RegistrationStatusPage })),
        },
        // Issue 8: the links of invitation and password-reset mails, and "Forgot your password?".
        {
          path: 'welcome',
          handle: { title: 'signInHelp.titles.welcome' } satisfies RouteHandle,
          lazy: () => import('../features/auth/WelcomePage').then((m) => ({ Component: m.WelcomePage })),
        },
        {
          path: 'forgot-password',
          handle: { title: 'signInHelp.titles.forgotPassword' } satisfies RouteHandle,
          lazy: () => import('../features/auth/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage })),
        },
        {
          path: 'reset-password',
          handle: { title: 'signInHelp.titles.resetPassword' } satisfies RouteHandle,
          lazy: () => import('../features/auth/ResetPasswordPage').then((m) => ({ Component: m.ResetPasswordPage })),
        },
        // Issue 16: Google, Office 365 and Apple send the browser back here.
        {
          path: 'oauth/:provider/callback',
          handle: { title: 'pageTitles.login' } satisfies RouteHandle,
          lazy: () => import('../features/auth/SsoCallbackPage').then((m) => ({ Component: m.SsoCallbackPage })),
        },
        // Issue 13: a shared live map, open to anyone with the link until it expires; it names its school.
        {
          path: 'share/:org/:token',
          handle: { title: 'transport.shared.pageTitle' } satisfies RouteHandle,
          lazy: () => import('../features/transport/SharePage').then((m) => ({ Component: m.SharePage })),
        },
        // Not route.lazy: the router would fetch the deck (Mantine, Query) while the guard is still
        // redirecting a guest to /code or /login; React.lazy fetches it only when it renders.
        { id: 'deck', Component: LazyDeckShell, children: deckRoutes },
      ],
    },
  ];
}

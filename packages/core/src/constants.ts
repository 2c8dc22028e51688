// Business constants and limits shared by client and server (spec §9 unless noted).

/** Largest accepted upload: 512 MB. */
export const UPLOAD_MAX_BYTES = 512 * 1024 * 1024;
/** Upload request timeout: 20 minutes. */
export const UPLOAD_TIMEOUT_MS = 1_200_000;
/** JPEG quality of camera photos. */
export const CAMERA_PHOTO_QUALITY = 75;

/** Files shown in a gallery block before the '+N' overlay (spec §4). */
export const GALLERY_VISIBLE_FILES = 5;
/** Viewport width (device pixels) at which gallery images switch from small to large. */
export const LARGE_IMAGE_THRESHOLD_PX = 1000;
/** Gallery image size factor of the thumbnail size on small screens. */
export const GALLERY_SMALL_FACTOR = 8;
/** Gallery image size factor of the thumbnail size on large screens. */
export const GALLERY_LARGE_FACTOR = 16;
/** z-index of the full-screen gallery while open. */
export const GALLERY_Z_INDEX = 99999;
/** Image viewer idles after this long without input. */
export const IMAGE_VIEWER_IDLE_MS = 4000;
/** Image viewer idles this soon after the pointer leaves. */
export const IMAGE_VIEWER_LEAVE_IDLE_MS = 1000;
/** Image viewer's loading indicator delay. */
export const IMAGE_VIEWER_LOADING_DELAY_MS = 1000;
/** Height of embedded videos. */
export const VIDEO_HEIGHT = 420;

/** Debounce of form and html autosave. */
export const AUTOSAVE_DEBOUNCE_MS = 500;
/** How long the form-reply success message shows. */
export const FORM_SUCCESS_MS = 5000;
/** Default page size of paged collections. */
export const DEFAULT_PAGE_SIZE = 20;
/** Most trail entries fetched for a post. */
export const TRAIL_LIMIT = 50;

/** Position reports are throttled to one per this interval. */
export const POSITION_REPORT_INTERVAL_MS = 2000;
/** Position watcher: maximum age of a cached position. */
export const POSITION_MAX_AGE_MS = 5000;
/** Position watcher: timeout of one position request. */
export const POSITION_TIMEOUT_MS = 10_000;

/** Debounce before the stored session {url, language, token} is saved. */
export const SESSION_SAVE_DEBOUNCE_MS = 420;
/** Delay before the mobile app exits after logout. */
export const LOGOUT_EXIT_DELAY_MS = 800;
/** A request shows the loading indicator only after this long. */
export const LOADING_INDICATOR_DELAY_MS = 100;
/** Lazy chunk load timeout before ChunkLoadError (spec §8). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Clock skew allowed around a Microsoft id token's nbf and exp. */
export const MICROSOFT_CLOCK_SKEW_S = 300;

/** The page toolbar hides after scrolling down more than this. */
export const TOOLBAR_HIDE_THRESHOLD_PX = 23;
/** Default page (toolbar) colour. */
export const DEFAULT_PAGE_COLOR = '#1C89B8';

/** Supported UI languages (i18n keys). */
export const LANGUAGES = ['es', 'en', 'de', 'fr', 'it', 'pt'] as const;
/** Default language tag; its i18n key is 'es'. */
export const DEFAULT_LANGUAGE = 'es-CO';
/** Language used when a key or language is missing. */
export const FALLBACK_LANGUAGE = 'en';

/** Dates older than this many days show as a full date, newer ones as relative time. */
export const RELATIVE_DATE_MAX_DAYS = 6;

/** Form field types. */
export const FIELD_TYPES = ['text', 'textarea', 'select', 'checkbox'] as const;
/** Post block types. */
export const BLOCK_TYPES = ['files', 'form', 'html', 'image', 'v3', 'youtube', 'googleDocument'] as const;
/** Default calendar view. */
export const DEFAULT_CALENDAR_VIEW = 'listMonth';
/** Billing screen's default tab. */
export const BILLING_DEFAULT_TAB = 1;
/** Title of a calendar event without one (spec §3). */
export const DEFAULT_EVENT_TITLE = 'Sin título';

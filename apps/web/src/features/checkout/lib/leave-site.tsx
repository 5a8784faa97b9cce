/** Moved to the shared lib (the admin-path redirect leaves the site too); kept here for the checkout's imports. */
export { LeaveSiteProvider, useLeaveSite, type LeaveSite } from '#lib/leave-site.tsx';

import { createContext } from 'react';

/** The school's logo address (settings/appearance), shown in the phone app bar of the signed-in screens; null: none. */
export const SchoolLogoContext = createContext<string | null>(null);

/**
 * The areas moved to shared/areas.ts (the sign-in screens need them, and auth/ sits below layout/).
 * This re-export keeps screens/form-screens.tsx compiling until it imports from shared/ itself;
 * delete it then.
 */
export type { AreaDef, AreaKey, NavItem } from '../shared/areas.ts';

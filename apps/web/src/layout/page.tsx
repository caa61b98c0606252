/**
 * The page header and status chip moved to shared/page.tsx (entity/ views use them, and entity/ sits
 * below layout/). This re-export keeps screens/form-screens.tsx compiling until it imports from
 * shared/ itself; delete it then.
 */
export { PageHeader, StatusChip, type PageCrumb } from '../shared/page.tsx';

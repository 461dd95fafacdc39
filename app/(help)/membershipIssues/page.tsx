import { createHelpPage } from '@/app/(help)/_lib/help-page';

/** SPEC §2 /membershipIssues: one page of the help centre (SPEC §3: items given their route by position). */
const { metadata, HelpPage } = createHelpPage('membershipIssues');

export { metadata };
export default HelpPage;

import { createHelpPage } from '@/app/(help)/_lib/help-page';

/** SPEC §2 /otherQuestions: one page of the help centre (SPEC §3: items given their route by position). */
const { metadata, HelpPage } = createHelpPage('otherQuestions');

export { metadata };
export default HelpPage;

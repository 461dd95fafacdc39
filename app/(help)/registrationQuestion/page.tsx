import { createHelpPage } from '@/app/(help)/_lib/help-page';

/** SPEC §2 /registrationQuestion: one page of the help centre (SPEC §3: items given their route by position). */
const { metadata, HelpPage } = createHelpPage('registrationQuestion');

export { metadata };
export default HelpPage;

import { LegalPage } from './legal-page';

export default function PrivacyPage() {
  return <LegalPage doc="privacy" />;
}

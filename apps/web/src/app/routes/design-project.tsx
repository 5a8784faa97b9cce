/**
 * /design-project: upload, options, estimates and the print submission. Not behind a login redirect: a session
 * that ends on this page (a logout in another tab) keeps the customer's work on screen, and the submission then
 * says 'You must be logged in to submit the project.' (docs/spec/customer-journey.md §5).
 */
import { useSession } from '#features/auth/hooks/use-session.ts';
import { DesignProject } from '#features/projects/components/design-project.tsx';
import { useDocumentTitle } from '#lib/use-document-title.ts';

export default function DesignProjectRoute() {
  useDocumentTitle('Design Your Project');
  const session = useSession();
  return <DesignProject user={session?.user ?? null} />;
}

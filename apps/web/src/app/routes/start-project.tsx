/** /start-project: product type, title, language and category of a new (or edited) project; signed-in customers only. */
import { RequireSession } from '#features/auth/components/require-session.tsx';
import { StartProject } from '#features/projects/components/start-project.tsx';
import { useDocumentTitle } from '#lib/use-document-title.ts';

export default function StartProjectRoute() {
  useDocumentTitle('Start Project');
  return (
    <RequireSession>
      <StartProject />
    </RequireSession>
  );
}

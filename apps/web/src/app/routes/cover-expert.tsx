/** /cover-expert: the cover design expert request; without a session the submission says 'Authentication required. Please log in.'. */
import { useSession } from '#features/auth/hooks/use-session.ts';
import { CoverExpert } from '#features/projects/components/cover-expert.tsx';
import { useDocumentTitle } from '#lib/use-document-title.ts';

export default function CoverExpertRoute() {
  useDocumentTitle('Cover Design Expert');
  const session = useSession();
  return <CoverExpert user={session?.user ?? null} />;
}

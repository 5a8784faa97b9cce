/**
 * /admin, /admin/*, /manage-users, /manage-books opened on the web app (the spec's route table lists them with the
 * shop's): the admin console is a separate app on its own address (GET /api/config → admin_url, ADR 0007), so the
 * visitor is sent to the same path there instead of a 404. The console asks for an admin login itself.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Spinner } from '@bindery/ui/spinner';
import { getAdminUrl } from '#features/auth/api/get-admin-url.ts';
import { useLeaveSite } from '#lib/leave-site.tsx';
import { useDocumentTitle } from '#lib/use-document-title.ts';

export default function AdminRedirect() {
  useDocumentTitle('Admin console');
  const { pathname, search, hash } = useLocation();
  const queryClient = useQueryClient();
  const leave = useLeaveSite();
  const [target, setTarget] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    getAdminUrl(queryClient).then(
      (adminUrl) => {
        if (!live) return;
        const url = `${adminUrl.replace(/\/+$/, '')}${pathname}${search}${hash}`;
        setTarget(url);
        leave(url, { replace: true });
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [queryClient, leave, pathname, search, hash]);
  return (
    <div className="b-container b-stack">
      <h1>Admin console</h1>
      {failed ? (
        <Alert tone="error">
          We could not find the admin console right now. Please try again in a moment.
        </Alert>
      ) : (
        <>
          <Spinner label="Opening the admin console..." />
          {target ? (
            <p>
              If nothing happens, <a href={target}>open the admin console</a>.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

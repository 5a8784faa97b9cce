/** /admin/resale-certificates */
import { ResaleCertificates } from '#features/certificates/components/resale-certificates.tsx';

export default function ResaleCertificatesRoute() {
  return <ResaleCertificates />;
}

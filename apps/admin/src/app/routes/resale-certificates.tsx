/** /admin/resale-certificates */
import { ResaleCertificates } from '../../features/certificates/components/resale-certificates';

export default function ResaleCertificatesRoute() {
  return <ResaleCertificates />;
}

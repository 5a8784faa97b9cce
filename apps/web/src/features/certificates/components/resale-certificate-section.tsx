/**
 * The account page's "Resale certificate" section (docs/decisions/0032): upload a certificate (PDF or
 * image) for a US state, and the list of the customer's certificates with their review status and any rejection
 * reason. Only an approved certificate for the ship-to state makes an enterprise order tax-exempt; the server
 * decides, the page only shows what it says.
 */
import { useEffect } from 'react';
import { Card } from '@bindery/ui/card';
import { messages } from '@bindery/contracts/messages';
import { CertificateList } from './certificate-list';
import { CertificateUploadForm } from './certificate-upload-form';

const m = messages.certificates;

export function ResaleCertificateSection({ userId }: { userId: number }) {
  // The shop links here (/account-settings#resale-certificate): the router does not scroll to a hash itself.
  useEffect(() => {
    if (window.location.hash === '#resale-certificate')
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- jsdom (the tests' DOM) has no scrollIntoView
      document.getElementById('resale-certificate')?.scrollIntoView?.();
  }, []);

  return (
    <Card className="b-stack" role="region" aria-labelledby="resale-certificate">
      <h2 id="resale-certificate">{m.heading}</h2>
      <p>{m.intro}</p>
      <CertificateUploadForm userId={userId} />
      <CertificateList userId={userId} />
    </Card>
  );
}

import { FileCheck2, ShieldPlus } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { PageHeader, useDocumentTitle } from '@/components/ui/page';

/** Two cards, My Policies and Get Quote, with a link to /insurance-info. */
export default function InsuranceRoute() {
  useDocumentTitle('Insurance');
  return (
    <>
      <PageHeader
        title="Insurance"
        description="Coverage for your car, home, family and business."
      />
      <div className="grid-2">
        <Card>
          <CardHeader title="My Policies" action={<FileCheck2 size={22} aria-hidden="true" />} />
          <p className="empty-state">No active policies found</p>
        </Card>
        <Card>
          <CardHeader title="Get Quote" action={<ShieldPlus size={22} aria-hidden="true" />} />
          <p>
            Auto from $49/month, home from $89, life from $25 and business from $199. Compare plans
            and request a quote from a licensed agent.
          </p>
          <ButtonLink to="/insurance-info#quote">Explore insurance plans</ButtonLink>
        </Card>
      </div>
    </>
  );
}

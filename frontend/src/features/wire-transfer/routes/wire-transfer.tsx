import { ScreenPlaceholder } from '@/components/ui/page';

// Issue 6 fills this in: the wire transfer screen (spec 2 §2.3).
export default function WireTransferRoute() {
  return (
    <ScreenPlaceholder
      title="Wire Transfers"
      description="Domestic, international and SEPA wires."
    />
  );
}

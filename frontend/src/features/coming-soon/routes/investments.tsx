import { ComingSoon } from '@/components/ui/page';

export default function InvestmentsRoute() {
  return <ComingSoon title="Investment Portfolio" />;
}

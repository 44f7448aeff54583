import { ComingSoon } from '@/components/ui/page';

export default function MarketAnalysisRoute() {
  return <ComingSoon title="Market Analysis" />;
}

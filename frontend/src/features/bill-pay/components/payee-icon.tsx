import {
  Car,
  CreditCard,
  FileText,
  Home,
  PlayCircle,
  Shield,
  Smartphone,
  Tv,
  Wifi,
  Zap,
  type LucideIcon,
} from 'lucide-react';

const ICONS: Record<string, LucideIcon> = {
  utilities: Zap,
  credit_cards: CreditCard,
  insurance: Shield,
  mortgage: Home,
  auto_loan: Car,
  phone: Smartphone,
  internet: Wifi,
  cable: Tv,
  streaming: PlayCircle,
  other: FileText,
};

export function PayeeIcon({ category }: { category: string }) {
  const Icon = ICONS[category] ?? FileText;
  return (
    <span className="payee-icon" aria-hidden="true">
      <Icon size={20} />
    </span>
  );
}

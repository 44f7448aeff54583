import { ArrowLeftRight, Building2, Euro, Users, type LucideIcon } from 'lucide-react';
import { formatMoneyCents } from '@/lib/format';
import { TRANSFER_TYPES, TRANSFER_TYPE_INFO, type TransferType } from '../lib/transfer-types';

const ICONS: Record<TransferType, LucideIcon> = {
  'between-accounts': ArrowLeftRight,
  'same-bank': Users,
  'external-bank': Building2,
  sepa: Euro,
};

/** Step 1: the four types with title, description, processing time and fee. */
export function TransferTypePicker({ onChoose }: { onChoose(type: TransferType): void }) {
  return (
    <ul className="transfer-types" aria-label="Transfer types">
      {TRANSFER_TYPES.map((type) => {
        const info = TRANSFER_TYPE_INFO[type];
        const Icon = ICONS[type];
        return (
          <li key={type}>
            <button type="button" className="transfer-type" onClick={() => onChoose(type)}>
              <Icon className="transfer-type__icon" size={24} aria-hidden="true" />
              <span className="transfer-type__title">{info.title}</span>
              <span className="transfer-type__desc">{info.description}</span>
              <span className="transfer-type__meta">
                <span>{info.processing}</span>
                <span>
                  {info.feeCents === 0 ? 'Free' : `Fee ${formatMoneyCents(info.feeCents)}`}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

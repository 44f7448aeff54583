import type { HTMLAttributes, ReactNode } from 'react';

type CardProps = HTMLAttributes<HTMLElement> & {
  as?: 'section' | 'article' | 'div';
  padded?: boolean;
};

export function Card({ as: Tag = 'section', padded = true, className, ...rest }: CardProps) {
  return (
    <Tag
      className={['card', padded ? 'card--padded' : '', className ?? ''].filter(Boolean).join(' ')}
      {...rest}
    />
  );
}

export function CardHeader({
  title,
  action,
  id,
  level = 2,
}: {
  title: ReactNode;
  action?: ReactNode;
  id?: string;
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="card__header">
      <Heading className="card__title" id={id}>
        {title}
      </Heading>
      {action}
    </div>
  );
}

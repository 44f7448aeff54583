import { PiggyBank, Target, Trophy } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Badge } from '@/components/ui/feedback';
import { TextField } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import {
  goalAmountError,
  useRemoveSavingsGoal,
  useSetSavingsGoal,
  type SavingsGoalView,
} from '../api/savings-goals';
import { HIDDEN_BALANCE } from '@/lib/balances-hidden';

function GoalDialog({ goal, onClose }: { goal: SavingsGoalView | null; onClose(): void }) {
  const save = useSetSavingsGoal();
  const [amount, setAmount] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  // An error is told on the field, which takes the focus, so a screen reader reads it out.
  const refuse = (message: string) => {
    setError(message);
    field.current?.focus();
  };
  const shown = amount ?? (goal?.target_amount != null ? goal.target_amount.toFixed(2) : '');

  const close = () => {
    setAmount(null);
    setError(null);
    save.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!goal) return;
    const problem = goalAmountError(shown);
    if (problem) {
      refuse(problem);
      return;
    }
    save.mutate(
      { accountId: goal.account_id, amount: shown },
      {
        onSuccess: (result) => {
          toast.success(
            `Your ${goal.account_name} goal is ${formatMoney(result.target_amount)}.`,
            'Savings goal saved',
          );
          close();
        },
        onError: (e) =>
          refuse((e instanceof ApiError ? e.errors?.target_amount?.[0] : undefined) ?? e.message),
      },
    );
  };

  return (
    <Dialog
      open={goal !== null}
      onOpenChange={(next) => (next ? undefined : close())}
      title={goal?.target_amount != null ? 'Change savings goal' : 'Set a savings goal'}
      description={goal ? `How much do you want to save in ${goal.account_name}?` : undefined}
    >
      <form className="stack" onSubmit={submit} noValidate>
        <TextField
          ref={field}
          label="Goal amount"
          inputMode="decimal"
          autoComplete="off"
          hint="In dollars, up to $10,000,000.00."
          value={shown}
          onChange={(e) => {
            setAmount(e.target.value);
            setError(null);
          }}
          error={error ?? undefined}
        />
        <div className="dialog__actions">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save goal'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function GoalRow({
  goal,
  hidden,
  onEdit,
}: {
  goal: SavingsGoalView;
  hidden: boolean;
  onEdit(goal: SavingsGoalView): void;
}) {
  const remove = useRemoveSavingsGoal();
  // One button sets or changes the goal, the same element either way: the focus the goal dialog
  // gives back on close, or that Remove goal hands over, is still on the page after the change.
  const edit = useRef<HTMLButtonElement>(null);
  const money = (value: number | null) => (hidden ? HIDDEN_BALANCE : formatMoney(value ?? 0));
  const headingId = `goal-${goal.account_id}`;
  const set = goal.target_amount !== null;
  const percent = goal.progress_percent ?? 0;
  return (
    <li
      className={!set ? 'goal goal--empty' : goal.reached ? 'goal goal--reached' : 'goal'}
      aria-labelledby={headingId}
    >
      <div className="goal__top">
        <p id={headingId} className="goal__name">
          {goal.account_name}
        </p>
        {set && goal.reached ? (
          <Badge tone="success">
            <Trophy size={14} aria-hidden="true" /> Goal reached
          </Badge>
        ) : null}
      </div>
      {set ? (
        <>
          <p className="goal__figures tabular">
            {money(goal.current_amount)} of {money(goal.target_amount)}
          </p>
          <div
            className="goal__bar"
            role="progressbar"
            aria-label={`${goal.account_name} goal progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}%`}
          >
            <span className="goal__fill" style={{ width: `${percent}%` }} />
          </div>
          <p className="goal__note muted">
            {goal.reached
              ? 'You reached your goal. Set a new one to keep going.'
              : `${percent}% saved · ${money(goal.remaining_amount)} to go`}
          </p>
        </>
      ) : (
        <p className="muted">
          No goal yet. Set one and watch your {money(goal.current_amount)} grow towards it.
        </p>
      )}
      <div className="goal__actions">
        <Button
          ref={edit}
          size="sm"
          variant={set ? 'secondary' : 'primary'}
          icon={set ? undefined : <Target size={16} aria-hidden="true" />}
          onClick={() => onEdit(goal)}
          aria-label={`${set ? 'Change goal' : 'Set a goal'} for ${goal.account_name}`}
        >
          {set ? 'Change goal' : 'Set a goal'}
        </Button>
        {set ? (
          <Button
            size="sm"
            variant="ghost"
            loading={remove.isPending}
            aria-label={`Remove goal for ${goal.account_name}`}
            onClick={() =>
              remove.mutate(goal.account_id, {
                onSuccess: () => {
                  edit.current?.focus();
                  toast.success(
                    `The ${goal.account_name} goal was removed.`,
                    'Savings goal removed',
                  );
                },
                onError: (e) => toast.error(e.message, 'Savings goal'),
              })
            }
          >
            Remove goal
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** Each savings account's goal and progress, or an invitation to set one. */
export function SavingsGoalsCard({ goals, hidden }: { goals: SavingsGoalView[]; hidden: boolean }) {
  const [editing, setEditing] = useState<SavingsGoalView | null>(null);
  if (goals.length === 0) return null;
  return (
    <Card aria-labelledby="savings-goals">
      <CardHeader
        id="savings-goals"
        title={
          <>
            <PiggyBank size={18} aria-hidden="true" /> Savings goals
          </>
        }
      />
      <ul role="list" className="goals">
        {goals.map((goal) => (
          <GoalRow key={goal.account_id} goal={goal} hidden={hidden} onEdit={setEditing} />
        ))}
      </ul>
      <GoalDialog goal={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}

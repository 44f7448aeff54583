/**
 * A setting that is present but wrong (`setting` names it, `reason` says what is wrong, never a
 * secret's value): the bank does not start on it, and says so in one line naming the setting.
 */
export class InvalidSetting extends Error {
  constructor(
    readonly setting: string,
    readonly reason: string,
  ) {
    super(`${setting}: ${reason}`);
  }
}

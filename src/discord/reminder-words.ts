// The words of the reminder settings, shared by /game remind and the buttons under a reminder.

/** Where a player's reminders now go. */
export function viaWords(dm: boolean): string {
  return dm
    ? 'Reminders for all your games now come to you by direct message. (If your DMs are closed, they come in the game channel.)'
    : "Reminders for all your games now come in each game's channel.";
}

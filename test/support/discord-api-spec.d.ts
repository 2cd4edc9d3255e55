// discord-api-spec ships its zod schemas as plain JavaScript (its package.json points the types of
// `discord-api-spec/zod` at the .js file), so TypeScript gets the few schemas the fake Discord uses here.
declare module 'discord-api-spec/zod' {
  interface Schema {
    safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string; code?: string }[] } };
  }
  export const ApplicationCommandAutocompleteCallbackRequestSchema: Schema;
  export const ApplicationCommandUpdateRequestSchema: Schema;
  export const CreateMessageInteractionCallbackRequestSchema: Schema;
  export const CreatePrivateChannelRequestSchema: Schema;
  export const CreateTextThreadWithoutMessageRequestSchema: Schema;
  export const IncomingWebhookRequestPartialSchema: Schema;
  export const IncomingWebhookUpdateRequestPartialSchema: Schema;
  export const MessageCreateRequestSchema: Schema;
  export const ModalInteractionCallbackRequestSchema: Schema;
  export const UpdateMessageInteractionCallbackRequestSchema: Schema;
}

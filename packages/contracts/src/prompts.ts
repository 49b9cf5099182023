// Profile prompts (Hinge style, docs/members.md "Prompts"): a member answers up to PROMPTS_MAX questions of this
// catalogue in their own words. The keys are stable; the questions are translated in the web app (members:prompts.*).
import { z } from 'zod';

export const PROFILE_PROMPTS = [
  'perfect_sunday',
  'green_flag',
  'two_truths_lie',
  'simple_pleasure',
  'best_trip',
  'get_along_if',
  'first_date',
  'unusual_skill',
  'dont_hate_me_if',
  'looking_for',
  'comfort_food',
  'geek_out',
] as const;
export type ProfilePromptKey = (typeof PROFILE_PROMPTS)[number];

/** How many prompts a profile shows at most. */
export const PROMPTS_MAX = 3;
/** An answer's length, like a short text message. */
export const PROMPT_ANSWER_MAX_LENGTH = 150;

export const PROMPT_ERROR_CODES = [
  'prompt_invalid',
  'prompt_answer_required',
  'prompt_answer_too_long',
  'prompts_max',
  'prompts_duplicate',
] as const;

export const profilePromptSchema = z.object({
  prompt: z.enum(PROFILE_PROMPTS, 'prompt_invalid'),
  answer: z
    .string({ error: 'prompt_answer_required' })
    .trim()
    .min(1, 'prompt_answer_required')
    .max(PROMPT_ANSWER_MAX_LENGTH, 'prompt_answer_too_long'),
});
export type ProfilePrompt = z.infer<typeof profilePromptSchema>;

/** A profile's prompts in the member's order: at most PROMPTS_MAX, each question once. */
export const profilePromptsSchema = z
  .array(profilePromptSchema, 'prompt_invalid')
  .max(PROMPTS_MAX, 'prompts_max')
  .refine((prompts) => new Set(prompts.map((entry) => entry.prompt)).size === prompts.length, 'prompts_duplicate');

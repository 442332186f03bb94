/**
 * The mails' default subjects and bodies (GoTrue's). They are filled by renderTemplate (src/shared/auth-template.ts),
 * the same function the dashboard's preview uses.
 */
import type { EmailTemplate } from '../../shared/auth'

export const DEFAULT_SUBJECTS: Record<EmailTemplate, string> = {
  confirmation: 'Confirm Your Signup',
  invite: 'You have been invited',
  magic_link: 'Your Magic Link',
  recovery: 'Reset Your Password',
  email_change: 'Confirm Email Change',
}

export const DEFAULT_TEMPLATES: Record<EmailTemplate, string> = {
  confirmation: `<h2>Confirm your signup</h2>

<p>Follow this link to confirm your user:</p>
<p><a href="{{ .ConfirmationURL }}">Confirm your mail</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>`,
  invite: `<h2>You have been invited</h2>

<p>You have been invited to create a user on {{ .SiteURL }}. Follow this link to accept the invite:</p>
<p><a href="{{ .ConfirmationURL }}">Accept the invite</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>`,
  magic_link: `<h2>Magic Link</h2>

<p>Follow this link to login:</p>
<p><a href="{{ .ConfirmationURL }}">Log In</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>`,
  recovery: `<h2>Reset Password</h2>

<p>Follow this link to reset the password for your user:</p>
<p><a href="{{ .ConfirmationURL }}">Reset Password</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>`,
  email_change: `<h2>Confirm Change of Email</h2>

<p>Follow this link to confirm the update of your email from {{ .Email }} to {{ .NewEmail }}:</p>
<p><a href="{{ .ConfirmationURL }}">Change Email</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>`,
}

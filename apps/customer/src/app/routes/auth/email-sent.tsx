import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';

import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { confirmForgotPasswordPath, paths } from '../../../config/paths';

/** /email-sent?email=…: the reset code is on its way. */
export default function EmailSentRoute() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email')?.trim() ?? '';

  return (
    <FullScreenPage
      title="Check your e-mail"
      back={{ to: paths.login, label: 'Back to sign in', reloadDocument: true }}
    >
      <Stack gap="md">
        <Text>
          {email ? (
            <>
              If there is an account for <strong>{email}</strong>, we have sent it a code to set a
              new password.
            </>
          ) : (
            'If there is an account for that address, we have sent it a code to set a new password.'
          )}{' '}
          Follow the link in the e-mail, or enter the code yourself.
        </Text>
        <Button
          component={Link}
          to={email ? confirmForgotPasswordPath(email) : paths.confirmForgotPassword}
        >
          Enter the code
        </Button>
        <Text>
          No e-mail after a few minutes? Check your spam folder, or{' '}
          <Anchor component={Link} to={paths.forgotPassword} underline="always">
            ask for a new code
          </Anchor>
          .
        </Text>
      </Stack>
    </FullScreenPage>
  );
}

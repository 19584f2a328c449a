"""The sign-up form and the log-in form."""

from __future__ import annotations

from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.exceptions import ValidationError

from .models import User
from .suspension import suspended_user_id, suspension_message


class SignupForm(UserCreationForm):
    class Meta:
        model = User
        fields = ("username",)


class LoginForm(AuthenticationForm):
    """Django's log-in form, except that the right password of a suspended account is answered
    with the suspension and its end instead of "enter a correct username and password" (the
    backend marks the request only when the password was right)."""

    def get_invalid_login_error(self) -> ValidationError:
        user_id = suspended_user_id(self.request)
        if user_id is not None:
            return ValidationError(suspension_message(user_id=user_id), code="suspended")
        return super().get_invalid_login_error()

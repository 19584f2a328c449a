from django.urls import path

from . import account_page, views

app_name = "accounts"
urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("account/", account_page.account, name="account"),
    path("u/<str:username>/", views.profile, name="profile"),
]

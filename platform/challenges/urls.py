from django.urls import path

from . import views

app_name = "challenges"
urlpatterns = [
    path("new/<str:username>/", views.new, name="new"),
    path("open/", views.panel, name="panel"),
    path("<int:challenge_id>/", views.detail, name="detail"),
    path("<int:challenge_id>/accept/", views.accept, name="accept"),
    path("<int:challenge_id>/decline/", views.decline, name="decline"),
    path("<int:challenge_id>/cancel/", views.cancel, name="cancel"),
]

from django.urls import path

from . import views

app_name = "live"
urlpatterns = [path("<int:match_id>/", views.match_page, name="match")]

from django.urls import path

from . import export_views, views

app_name = "live"
urlpatterns = [
    path("<int:match_id>/", views.match_page, name="match"),
    path("<int:match_id>/after/", views.match_after, name="after"),
    path("<int:match_id>/fairness/", views.match_fairness, name="fairness"),
    path("<int:match_id>/fairness.json", views.match_fairness_record, name="fairness_record"),
    path("<int:match_id>/replay/", views.match_replay, name="replay"),
    path("<int:match_id>/replay/index.json", views.match_replay_index, name="replay_index"),
    path("<int:match_id>/replay/steps.json", views.match_replay_steps, name="replay_steps"),
    path("<int:match_id>/export/<slug:fmt>/", export_views.match_export, name="match_export"),
]

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('live', '0009_end_reason_adjudicated'),
        ('ratings', '0001_initial'),
    ]

    operations = [
        migrations.CreateModel(
            name='DeferredRating',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('match', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='deferred_rating', to='live.match')),
            ],
            options={
                'ordering': ['id'],
            },
        ),
    ]

"""The Wagtail project of the "Northbrook Community Garden" site: its page models, templates and seed
script, written into a project made by `wagtail start` (the text here runs in the app's own venv)."""

from __future__ import annotations

MODELS = '''from django.db import models
from modelcluster.fields import ParentalKey
from wagtail.admin.panels import FieldPanel, InlinePanel
from wagtail.contrib.forms.models import AbstractEmailForm, AbstractFormField
from wagtail.models import Page
from wagtail.search import index


class HomePage(Page):
    intro = models.TextField(blank=True)
    content_panels = Page.content_panels + [FieldPanel("intro")]


class StandardPage(Page):
    body = models.TextField(blank=True)
    search_fields = Page.search_fields + [index.SearchField("body")]
    content_panels = Page.content_panels + [FieldPanel("body")]


class ArticleIndexPage(Page):
    def get_context(self, request, *args, **kwargs):
        context = super().get_context(request, *args, **kwargs)
        context["articles"] = ArticlePage.objects.child_of(self).live().order_by("-date")
        return context


class ArticlePage(Page):
    date = models.DateField("published")
    author = models.CharField(max_length=100)
    intro = models.CharField(max_length=250)
    body = models.TextField()
    search_fields = Page.search_fields + [index.SearchField("intro"), index.SearchField("body")]
    content_panels = Page.content_panels + [FieldPanel("date"), FieldPanel("author"), FieldPanel("intro"),
                                            FieldPanel("body")]


class EventIndexPage(Page):
    def get_context(self, request, *args, **kwargs):
        context = super().get_context(request, *args, **kwargs)
        context["events"] = EventPage.objects.child_of(self).live().order_by("date")
        return context


class EventPage(Page):
    date = models.DateField()
    start = models.TimeField()
    location = models.CharField(max_length=100)
    fee = models.DecimalField(max_digits=6, decimal_places=2)
    places = models.IntegerField()
    body = models.TextField(blank=True)
    search_fields = Page.search_fields + [index.SearchField("body")]
    content_panels = Page.content_panels + [FieldPanel("date"), FieldPanel("start"), FieldPanel("location"),
                                            FieldPanel("fee"), FieldPanel("places"), FieldPanel("body")]


class FormField(AbstractFormField):
    page = ParentalKey("FormPage", on_delete=models.CASCADE, related_name="form_fields")


class FormPage(AbstractEmailForm):
    intro = models.TextField(blank=True)
    thank_you_text = models.TextField(blank=True)
    content_panels = AbstractEmailForm.content_panels + [
        FieldPanel("intro"), InlinePanel("form_fields", label="Form fields"), FieldPanel("thank_you_text")]
'''

BASE = """{% load static wagtailcore_tags wagtailuserbar %}<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{ page.title }} - Northbrook Community Garden</title>
</head><body>{% wagtailuserbar %}
<header><a href="/">Northbrook Community Garden</a>
<nav>{% for item in site_menu %}<a href="{% pageurl item %}">{{ item.title }}</a> {% endfor %}</nav>
<form action="/search/" method="get"><label>Search the site <input type="text" name="query"></label>
<button type="submit">Search</button></form></header>
<main>{% block content %}{% endblock %}</main>
<footer>Northbrook Community Garden, 14 Mill Lane, Northbrook</footer></body></html>
"""

TEMPLATES = {
    "home_page.html": "<h1>{{ page.title }}</h1><p>{{ page.intro }}</p><ul>"
    "{% for p in page.get_children.live %}"
    "<li><a href='{% pageurl p %}'>{{ p.title }}</a></li>{% endfor %}</ul>",
    "standard_page.html": "<h1>{{ page.title }}</h1>{{ page.body|linebreaks }}",
    "article_index_page.html": "<h1>{{ page.title }}</h1><ul>{% for a in articles %}<li>"
    "<a href='{% pageurl a %}'>{{ a.title }}</a> · {{ a.date|date:'j F Y' }} · by {{ a.author }}<br>"
    "{{ a.intro }}</li>{% endfor %}</ul>",
    "article_page.html": "<h1>{{ page.title }}</h1><p>By {{ page.author }} · "
    "{{ page.date|date:'j F Y' }}</p>"
    "<p><em>{{ page.intro }}</em></p>{{ page.body|linebreaks }}",
    "event_index_page.html": "<h1>{{ page.title }}</h1><ul>{% for e in events %}<li>"
    "<a href='{% pageurl e %}'>"
    "{{ e.title }}</a> · {{ e.date|date:'l j F Y' }}</li>{% endfor %}</ul>",
    "event_page.html": "<h1>{{ page.title }}</h1><dl><dt>Date</dt><dd>{{ page.date|date:'l j F Y' }}</dd>"
    "<dt>Starts</dt><dd>{{ page.start|time:'H:i' }}</dd><dt>Where</dt><dd>{{ page.location }}</dd>"
    "<dt>Fee</dt><dd>{% if page.fee %}£{{ page.fee }}{% else %}Free{% endif %}</dd><dt>Places</dt>"
    "<dd>{{ page.places }}</dd></dl>{{ page.body|linebreaks }}",
    "form_page.html": "<h1>{{ page.title }}</h1><p>{{ page.intro }}</p><form action='{% pageurl page %}' "
    "method='POST'>{% csrf_token %}{{ form.as_p }}<input type='submit' value='Send'></form>",
    "form_page_landing.html": "<h1>{{ page.title }}</h1><p>{{ page.thank_you_text }}</p>",
}

CONTEXT = '''from wagtail.models import Page


def site_menu(request):
    home = Page.objects.filter(depth=2).first()
    return {"site_menu": home.get_children().live().in_menu() if home else []}
'''

SEED = '''
import datetime, json, os, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "harbor.settings.dev")
import django
django.setup()
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import Group, User
from wagtail.contrib.forms.models import FormSubmission
from wagtail.models import Page, Revision, Site
from home.models import (ArticleIndexPage, ArticlePage, EventIndexPage, EventPage, FormField, FormPage,
                         HomePage, StandardPage)

spec = json.load(open(sys.argv[1]))
day = datetime.date.fromisoformat
home = HomePage.objects.get(depth=2)
home.title, home.intro = spec["site"], spec["intro"]
home.save()
Site.objects.update(site_name=spec["site"], root_page=home)


def add(parent, page):
    page.show_in_menus = parent.depth == 2
    parent.add_child(instance=page)
    return page


for title, slug, body in spec["pages"]:
    add(home, StandardPage(title=title, slug=slug, body=body))
news = add(home, ArticleIndexPage(title="News", slug="news"))
for a in spec["articles"]:
    add(news, ArticlePage(title=a["title"], slug=a["slug"], date=day(a["date"]), author=a["author"],
                          intro=a["intro"], body=a["body"]))
events = add(home, EventIndexPage(title="Events", slug="events"))
for e in spec["events"]:
    add(events, EventPage(title=e["title"], slug=e["slug"], date=day(e["date"]), location=e["location"],
                          start=datetime.time.fromisoformat(e["start"]), fee=e["fee"], places=e["places"],
                          body=e["body"]))
for f in spec["forms"]:
    page = add(home, FormPage(title=f["title"], slug=f["slug"], intro=f["intro"], thank_you_text=f["thanks"]))
    for order, (label, kind, choices) in enumerate(f["fields"]):
        FormField.objects.create(page=page, sort_order=order, label=label, field_type=kind, required=True,
                                 choices=choices)
    for when, data in f["submissions"]:
        sub = FormSubmission.objects.create(page=page, form_data=data)
        FormSubmission.objects.filter(pk=sub.pk).update(
            submit_time=datetime.datetime.fromisoformat(when).replace(tzinfo=datetime.timezone.utc))
editors = Group.objects.get(name="Editors")
for name, first, last, password in spec["users"]:
    user = User.objects.create(username=name, first_name=first, last_name=last,
                               email=f"{name}@northbrook.test",
                               password=make_password(password, salt="navwrightbench"))
    user.groups.add(editors)
fixed = datetime.datetime(2024, 10, 1, 9, 0, tzinfo=datetime.timezone.utc)
for page in Page.objects.filter(depth__gte=2):
    page.specific.save_revision().publish()
Page.objects.update(first_published_at=fixed, last_published_at=fixed, latest_revision_created_at=fixed)
Revision.objects.update(created_at=fixed)
'''

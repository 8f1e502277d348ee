from django import forms


def signup(request, User):
    return User.objects.create(**request.POST.dict())  # expect: mass-assignment


def patch(request, user):
    return user.update(**request.get_json())  # expect: mass-assignment


class ProfileForm(forms.ModelForm):
    class Meta:
        model = object
        fields = "__all__"  # expect: mass-assignment


def update_profile(request):
    profile = request.user.profile
    for key, value in request.POST.items():  # expect: mass-assignment
        setattr(profile, key, value)
    profile.save()


def update_settings(request, settings):
    for field in request.data:  # expect: mass-assignment
        setattr(settings, field, request.data[field])

from django import forms


def signup(request, User):
    return User.objects.create(name=request.POST["name"], email=request.POST["email"])


class ProfileForm(forms.ModelForm):
    class Meta:
        model = object
        fields = ["name", "email"]


EDITABLE = ("name", "email")


def update_profile(request):
    profile = request.user.profile
    for key, value in request.POST.items():
        if key in EDITABLE:
            setattr(profile, key, value)
    for key in EDITABLE:
        setattr(profile, key, request.POST[key])
    profile.save()

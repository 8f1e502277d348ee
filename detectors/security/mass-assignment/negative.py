from django import forms


def signup(request, User):
    return User.objects.create(name=request.POST["name"], email=request.POST["email"])


class ProfileForm(forms.ModelForm):
    class Meta:
        model = object
        fields = ["name", "email"]

"""The settings shared by the front ends and the parts they configure: each option declared once
(:mod:`.settings`), the types of numeric options, and how each front end words a setting in an error.
"""

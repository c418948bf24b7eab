"""Tests of arbitre.api: the data shared by the session service and the gateway."""

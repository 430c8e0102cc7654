"""The table of the Strategy Battle Game: units, terrain, bases and distances, path checks
and control zones, the path finder, sight and hurling.

Everything here is in the table's unit, inches or centimetres, chosen once per game and never
mixed ('Measuring'). Terrain is shapely geometry; bases are circles handled with plain
arithmetic. The reduction of the 'model's eye view' to the plane with heights is documented
in docs/strategy-battle.md. The table knows nothing of the phases or the state: the phases
ask it, never the other way round.
"""

from .units import CENTIMETRES, CONTACT_TOLERANCE_MM, EPS, INCHES, UNITS, Units, units_named
from .bases import (Disc, approach, box_within, centre_distance, core, core_distance, core_points,
                    core_shape, far_apart, gap, gap_is_wide_enough, heading_along, heading_of,
                    in_contact, node_distance, outline, overlapping, path_length, point_along,
                    reach_radius, segment_circle_interval, segment_point_distance,
                    segments_distance, spine, swept_cores, swept_distance, touches)
from .terrain import ANSWERS_KEPT, ANSWERS_KEPT_OTHERWISE, Area, Barrier, GOINGS, Table
from .paths import (Crossing, Mover, PathReport, RULE_BARRIERS, RULE_CHARGES, RULE_CLIMBING,
                    RULE_CONTROL_ZONE, RULE_GAP, RULE_MOVING, RULE_TABLE_EDGE, RULE_TERRAIN,
                    charge_zone_entry, check_path, defended_across, elevation_steps,
                    first_within_carried, obstacle_stops, path_cost)
from .finder import Reach, find_path, reach_area, retreat_path
from .sight import BODY_ACROSS, BODY_HEIGHTS, BODY_WIDTH, Sight, measure, sight
from .hurling import hurl

__all__ = [
    "ANSWERS_KEPT", "ANSWERS_KEPT_OTHERWISE", "Area", "BODY_ACROSS", "BODY_HEIGHTS", "BODY_WIDTH",
    "Barrier", "CENTIMETRES", "CONTACT_TOLERANCE_MM", "Crossing", "Disc", "EPS", "GOINGS", "INCHES",
    "Mover", "PathReport", "RULE_BARRIERS", "RULE_CHARGES", "RULE_CLIMBING", "RULE_CONTROL_ZONE", "RULE_GAP",
    "RULE_MOVING", "RULE_TABLE_EDGE", "RULE_TERRAIN", "Reach", "Sight", "Table", "UNITS", "Units",
    "approach", "box_within", "centre_distance", "charge_zone_entry", "check_path", "core",
    "core_distance", "core_points", "core_shape", "defended_across", "elevation_steps", "far_apart", "find_path",
    "first_within_carried", "gap", "gap_is_wide_enough", "heading_along", "heading_of", "hurl",
    "in_contact", "measure", "node_distance", "obstacle_stops", "outline", "overlapping",
    "path_cost", "path_length", "point_along", "reach_area", "reach_radius", "retreat_path",
    "segment_circle_interval", "segment_point_distance", "segments_distance", "sight", "spine",
    "swept_cores", "swept_distance", "touches", "units_named",
]

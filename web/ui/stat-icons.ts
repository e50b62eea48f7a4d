import {
  Award,
  Building2,
  CircleHelp,
  Gift,
  GraduationCap,
  HandHeart,
  Heart,
  type LucideIcon,
  MapPin,
  Smile,
  Sparkles,
  Users,
} from 'lucide-react';
import type { StatIconName } from '@contract/content';

/** The drawing for each icon name a site statistic may carry (the names the admin picks from). */
export const STAT_ICONS: Record<StatIconName, LucideIcon> = {
  GiftIcon: Gift,
  UsersIcon: Users,
  UserGroupIcon: Users,
  HeartIcon: Heart,
  HandHeartIcon: HandHeart,
  BuildingIcon: Building2,
  BuildingOfficeIcon: Building2,
  MapPinIcon: MapPin,
  SparklesIcon: Sparkles,
  AcademicCapIcon: GraduationCap,
  AwardIcon: Award,
  SmileIcon: Smile,
};

export function statIcon(name: string): LucideIcon {
  return STAT_ICONS[name as StatIconName] ?? CircleHelp;
}

import { Ctx, Field, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';

@ObjectType({
  description:
    'The support chat widget (Chatwoot-compatible) the web app embeds; its website token is public by nature',
})
export class SupportWidget {
  @Field({ description: "The widget SDK's script URL (SUPPORT_WIDGET_URL)" })
  scriptUrl!: string;

  @Field({ description: 'The website (inbox) token the widget is started with' })
  websiteToken!: string;
}

@Resolver()
export class SupportWidgetResolver {
  @Query(() => SupportWidget, {
    nullable: true,
    description: 'The support chat widget to embed, or null when none is configured',
  })
  supportWidget(@Ctx() ctx: Context): SupportWidget | null {
    const widget = ctx.services.config.supportWidget;
    return widget ? { scriptUrl: widget.scriptUrl, websiteToken: widget.websiteToken } : null;
  }
}
